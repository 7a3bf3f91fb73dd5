package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/tt-compiler/tt/runtime/cuda"
)

// probeResult is what gpucheck probe reports.
type probeResult struct {
	OK            bool        `json:"ok"`
	Error         string      `json:"error,omitempty"`
	DriverVersion int         `json:"driver_version,omitempty"` // cuDriverGetVersion, e.g. 12040
	MaxPTX        string      `json:"max_ptx,omitempty"`
	Devices       int         `json:"devices,omitempty"`
	Device        *deviceJSON `json:"device,omitempty"`
}

// deviceJSON describes GPU 0.
type deviceJSON struct {
	Name              string  `json:"name"`
	ComputeCapability string  `json:"compute_capability"`
	Target            string  `json:"target"`
	Multiprocessors   int     `json:"multiprocessors"`
	TotalMemBytes     uint64  `json:"total_mem_bytes"`
	MemoryClockKHz    int     `json:"memory_clock_khz"`
	MemoryBusWidth    int     `json:"memory_bus_width_bits"`
	PeakGBs           float64 `json:"peak_gb_s"` // 2 · memory clock · bus width / 8 (DDR)
	L2CacheBytes      int     `json:"l2_cache_bytes"`
}

// probe opens the CUDA driver as the cuda backend does and describes GPU
// 0; without a driver or a device the object says why (ok false), and the
// command still succeeds.
func probe(w io.Writer) error {
	var p probeResult
	if err := p.fill(); err != nil {
		p.Error = err.Error()
	} else {
		p.OK = true
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(p)
}

func (p *probeResult) fill() error {
	drv, err := cuda.Default()
	if err != nil {
		return err
	}
	if p.DriverVersion, err = drv.Version(); err != nil {
		return err
	}
	if v, err := drv.MaxPTX(); err == nil {
		p.MaxPTX = v.String()
	}
	if p.Devices, err = drv.DeviceCount(); err != nil {
		return err
	}
	info, err := drv.DeviceInfo(0)
	if err != nil {
		return err
	}
	p.Device = &deviceJSON{
		Name:              info.Name,
		ComputeCapability: fmt.Sprintf("%d.%d", info.Major, info.Minor),
		Target:            info.Target(),
		Multiprocessors:   info.Multiprocessors,
		TotalMemBytes:     info.TotalMem,
		MemoryClockKHz:    info.MemoryClockKHz,
		MemoryBusWidth:    info.MemoryBusWidth,
		PeakGBs:           2 * float64(info.MemoryClockKHz) * 1e3 * float64(info.MemoryBusWidth) / 8 / 1e9,
		L2CacheBytes:      info.L2CacheBytes,
	}
	return nil
}
