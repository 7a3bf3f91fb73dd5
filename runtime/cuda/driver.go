package cuda

import (
	"fmt"
	"sync"
)

// Driver is the loaded and initialized CUDA driver. Its methods are safe
// for concurrent use.
type Driver struct {
	api     *api
	version int32
	err     error
}

// Open loads libcuda.so.1 (or libcuda.so), binds the entry points, calls
// cuInit and checks that there is a device. It never panics: without a
// driver the error wraps ErrNoDriver ("no CUDA driver: libcuda.so.1 not
// found: ..."), without a device ErrNoDevice. The returned Driver is never
// nil; when Open fails every one of its methods returns Open's error, so a
// caller may keep it and report the error where the driver is first used.
// Each call loads afresh; Default caches one Driver for the process.
func Open() (*Driver, error) {
	return openWith(loadSystemAPI)
}

var defaultDriver = sync.OnceValues(Open)

// Default returns the process's Driver, opened on the first call; later
// calls return the same Driver and error.
func Default() (*Driver, error) {
	return defaultDriver()
}

// openWith opens a Driver over the entry points load returns (the system
// driver, or the tests' fake).
func openWith(load func() (*api, error)) (*Driver, error) {
	d := &Driver{}
	d.err = d.init(load)
	return d, d.err
}

func (d *Driver) init(load func() (*api, error)) error {
	a, err := load()
	if err != nil {
		return err
	}
	if r := a.cuInit(0); r != success {
		err := a.check("cuInit", r)
		if r == errorNoDevice {
			return fmt.Errorf("%w: %w", ErrNoDevice, err)
		}
		return err
	}
	if err := a.check("cuDriverGetVersion", a.cuDriverGetVersion(&d.version)); err != nil {
		return err
	}
	var n int32
	if err := a.check("cuDeviceGetCount", a.cuDeviceGetCount(&n)); err != nil {
		return err
	}
	if n == 0 {
		return fmt.Errorf("%w: cuDeviceGetCount found 0 devices", ErrNoDevice)
	}
	d.api = a
	return nil
}

// ready returns the error every method answers when the Driver is not
// usable: Open's error, or errNotOpened for a Driver Open did not return.
func (d *Driver) ready() error {
	if d == nil || (d.api == nil && d.err == nil) {
		return errNotOpened
	}
	return d.err
}

// Version returns the CUDA version the driver implements, as
// cuDriverGetVersion reports it: 1000*major + 10*minor (12040 is 12.4).
func (d *Driver) Version() (int, error) {
	if err := d.ready(); err != nil {
		return 0, err
	}
	return int(d.version), nil
}

// PTXVersion is a PTX ISA version, the operand of a module's .version
// directive.
type PTXVersion struct{ Major, Minor int }

// String returns "major.minor", as the .version directive writes it.
func (v PTXVersion) String() string { return fmt.Sprintf("%d.%d", v.Major, v.Minor) }

// Less reports whether v is older than w.
func (v PTXVersion) Less(w PTXVersion) bool {
	return v.Major < w.Major || v.Major == w.Major && v.Minor < w.Minor
}

// ptxISAByCUDA maps the first CUDA release of each PTX ISA version to it,
// newest first (the PTX ISA manual's release history). A driver's JIT
// compiles PTX up to the ISA of its CUDA version.
var ptxISAByCUDA = []struct {
	cuda int
	ptx  PTXVersion
}{
	{13010, PTXVersion{9, 1}},
	{13000, PTXVersion{9, 0}},
	{12090, PTXVersion{8, 8}},
	{12080, PTXVersion{8, 7}},
	{12070, PTXVersion{8, 6}},
	{12050, PTXVersion{8, 5}},
	{12040, PTXVersion{8, 4}},
	{12030, PTXVersion{8, 3}},
	{12020, PTXVersion{8, 2}},
	{12010, PTXVersion{8, 1}},
	{12000, PTXVersion{8, 0}},
	{11080, PTXVersion{7, 8}},
	{11070, PTXVersion{7, 7}},
	{11060, PTXVersion{7, 6}},
	{11050, PTXVersion{7, 5}},
	{11040, PTXVersion{7, 4}},
	{11030, PTXVersion{7, 3}},
	{11020, PTXVersion{7, 2}},
	{11010, PTXVersion{7, 1}},
	{11000, PTXVersion{7, 0}},
	{10020, PTXVersion{6, 5}},
	{10010, PTXVersion{6, 4}},
	{10000, PTXVersion{6, 3}},
	{9020, PTXVersion{6, 2}},
	{9010, PTXVersion{6, 1}},
	{9000, PTXVersion{6, 0}},
}

// MaxPTXForCUDA returns the newest PTX ISA a driver of the given CUDA
// version (1000*major + 10*minor) compiles. A driver newer than the table
// gets the table's newest entry, which it accepts too; ok is false for a
// driver older than CUDA 9.0.
func MaxPTXForCUDA(cuda int) (v PTXVersion, ok bool) {
	for _, e := range ptxISAByCUDA {
		if cuda >= e.cuda {
			return e.ptx, true
		}
	}
	return PTXVersion{}, false
}

// MaxPTX returns the newest PTX ISA version the driver's JIT compiles.
func (d *Driver) MaxPTX() (PTXVersion, error) {
	if err := d.ready(); err != nil {
		return PTXVersion{}, err
	}
	v, ok := MaxPTXForCUDA(int(d.version))
	if !ok {
		return PTXVersion{}, fmt.Errorf("cuda: driver version %d predates CUDA 9.0", d.version)
	}
	return v, nil
}

// DeviceCount returns the number of devices the driver sees.
func (d *Driver) DeviceCount() (int, error) {
	if err := d.ready(); err != nil {
		return 0, err
	}
	var n int32
	if err := d.api.check("cuDeviceGetCount", d.api.cuDeviceGetCount(&n)); err != nil {
		return 0, err
	}
	return int(n), nil
}

// DeviceInfo describes one device.
type DeviceInfo struct {
	Ordinal            int
	Name               string
	Major, Minor       int    // compute capability
	Multiprocessors    int    // SM count
	MaxThreadsPerBlock int    //
	SharedMemPerBlock  int    // bytes a block gets without opting in
	SharedMemOptin     int    // bytes a block may opt in to (0: not reported)
	WarpSize           int    //
	TotalMem           uint64 // bytes of device memory
	ClockKHz           int    // SM clock (0: not reported)
	MemoryClockKHz     int    // peak memory clock (0: not reported)
	MemoryBusWidth     int    // bits (0: not reported)
	L2CacheBytes       int    // (0: not reported)
}

// Target returns the PTX target of the device's compute capability,
// e.g. "sm_90".
func (i DeviceInfo) Target() string { return fmt.Sprintf("sm_%d%d", i.Major, i.Minor) }

// Device attributes (CUdevice_attribute in cuda.h).
const (
	attrMaxThreadsPerBlock   = 1
	attrMaxSharedPerBlock    = 8
	attrWarpSize             = 10
	attrClockRate            = 13
	attrMultiprocessorCount  = 16
	attrMemoryClockRate      = 36
	attrGlobalMemoryBusWidth = 37
	attrL2CacheSize          = 38
	attrComputeMajor         = 75
	attrComputeMinor         = 76
	attrMaxSharedOptin       = 97
)

// DeviceInfo queries device ordinal (0 ≤ ordinal < DeviceCount).
func (d *Driver) DeviceInfo(ordinal int) (DeviceInfo, error) {
	if err := d.ready(); err != nil {
		return DeviceInfo{}, err
	}
	dev, err := d.device(ordinal)
	if err != nil {
		return DeviceInfo{}, err
	}
	return d.deviceInfo(ordinal, dev)
}

func (d *Driver) device(ordinal int) (cuDevice, error) {
	var dev cuDevice
	if err := d.api.check("cuDeviceGet", d.api.cuDeviceGet(&dev, int32(ordinal))); err != nil {
		return 0, fmt.Errorf("device %d: %w", ordinal, err)
	}
	return dev, nil
}

func (d *Driver) deviceInfo(ordinal int, dev cuDevice) (DeviceInfo, error) {
	a := d.api
	info := DeviceInfo{Ordinal: ordinal}
	var name [256]byte
	if err := a.check("cuDeviceGetName", a.cuDeviceGetName(&name[0], int32(len(name)), dev)); err != nil {
		return DeviceInfo{}, err
	}
	info.Name = cString(name[:])
	var mem uintptr
	if err := a.check("cuDeviceTotalMem_v2", a.cuDeviceTotalMem(&mem, dev)); err != nil {
		return DeviceInfo{}, err
	}
	info.TotalMem = uint64(mem)
	required := []struct {
		attr int32
		dst  *int
	}{
		{attrComputeMajor, &info.Major},
		{attrComputeMinor, &info.Minor},
		{attrMultiprocessorCount, &info.Multiprocessors},
		{attrMaxThreadsPerBlock, &info.MaxThreadsPerBlock},
		{attrMaxSharedPerBlock, &info.SharedMemPerBlock},
		{attrWarpSize, &info.WarpSize},
	}
	for _, q := range required {
		var v int32
		if err := a.check("cuDeviceGetAttribute", a.cuDeviceGetAttribute(&v, q.attr, dev)); err != nil {
			return DeviceInfo{}, fmt.Errorf("attribute %d: %w", q.attr, err)
		}
		*q.dst = int(v)
	}
	// Informational attributes: newer drivers deprecate some of them (the
	// clock rates), so a refusal leaves 0 rather than failing the query.
	optional := []struct {
		attr int32
		dst  *int
	}{
		{attrMaxSharedOptin, &info.SharedMemOptin},
		{attrClockRate, &info.ClockKHz},
		{attrMemoryClockRate, &info.MemoryClockKHz},
		{attrGlobalMemoryBusWidth, &info.MemoryBusWidth},
		{attrL2CacheSize, &info.L2CacheBytes},
	}
	for _, q := range optional {
		var v int32
		if a.cuDeviceGetAttribute(&v, q.attr, dev) == success {
			*q.dst = int(v)
		}
	}
	return info, nil
}

// cString returns the bytes of b before its first NUL.
func cString(b []byte) string {
	for i, c := range b {
		if c == 0 {
			return string(b[:i])
		}
	}
	return string(b)
}
