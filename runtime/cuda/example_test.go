package cuda_test

import (
	"errors"
	"fmt"
	"log"
	"os"

	"github.com/tt-compiler/tt/runtime/cuda"
)

// Adds two vectors on the first GPU with a kernel written in PTX.
func Example() {
	d, err := cuda.Default()
	if errors.Is(err, cuda.ErrNoDriver) || errors.Is(err, cuda.ErrNoDevice) {
		fmt.Println(err) // e.g. "no CUDA driver: libcuda.so.1 not found: ..."
		return
	}
	if err != nil {
		log.Fatal(err)
	}
	ctx, err := d.NewContext(0)
	if err != nil {
		log.Fatal(err)
	}
	defer ctx.Close()

	ptx, err := os.ReadFile("testdata/vecadd.ptx")
	if err != nil {
		log.Fatal(err)
	}
	mod, err := ctx.LoadModule("vecadd.ptx", string(ptx))
	if err != nil {
		log.Fatal(err) // a *cuda.JITError quotes the JIT log and the PTX lines
	}
	defer mod.Unload()
	vecadd, err := mod.Function("vecadd")
	if err != nil {
		log.Fatal(err)
	}

	a, b := []float32{1, 2, 3}, []float32{10, 20, 30}
	da, err := ctx.AllocFrom(cuda.Bytes(a))
	if err != nil {
		log.Fatal(err)
	}
	defer da.Free()
	db, err := ctx.AllocFrom(cuda.Bytes(b))
	if err != nil {
		log.Fatal(err)
	}
	defer db.Free()
	dc, err := ctx.Alloc(4 * len(a))
	if err != nil {
		log.Fatal(err)
	}
	defer dc.Free()

	cfg := cuda.LaunchConfig{Grid: cuda.Dim3{X: 1}, Block: cuda.Dim3{X: 32}}
	err = vecadd.Launch(cfg, cuda.Ptr(da.Ptr()), cuda.Ptr(db.Ptr()), cuda.Ptr(dc.Ptr()), cuda.U32(uint32(len(a))))
	if err != nil {
		log.Fatal(err)
	}
	c := make([]float32, len(a))
	if err := dc.CopyToHost(cuda.Bytes(c)); err != nil { // waits for the kernel
		log.Fatal(err)
	}
	fmt.Println(c) // [11 22 33]
}
