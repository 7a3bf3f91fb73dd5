package ptx

// Op is a PTX opcode. Multi-word opcodes whose words select different
// semantics are opcodes of their own (bar.sync, bar.warp.sync, shfl.sync);
// the other words are modifiers (mma.sync.aligned is OpMma with ModSync
// and ModAligned). ISA[op] is the opcode's table row.
type Op uint8

// The opcodes, in alphabetical order of their spelling.
const (
	OpInvalid            Op = iota
	OpAbs                   // abs
	OpActivemask            // activemask
	OpAdd                   // add
	OpAddc                  // addc
	OpAnd                   // and
	OpAtom                  // atom
	OpBarArrive             // bar.arrive
	OpBarRed                // bar.red
	OpBarSync               // bar.sync
	OpBarWarpSync           // bar.warp.sync
	OpBarrierArrive         // barrier.arrive
	OpBarrierRed            // barrier.red
	OpBarrierSync           // barrier.sync
	OpBfe                   // bfe
	OpBfi                   // bfi
	OpBfind                 // bfind
	OpBmsk                  // bmsk
	OpBra                   // bra
	OpBrev                  // brev
	OpBrkpt                 // brkpt
	OpCall                  // call
	OpClz                   // clz
	OpCnot                  // cnot
	OpCopysign              // copysign
	OpCos                   // cos
	OpCpAsync               // cp.async
	OpCpAsyncCommitGroup    // cp.async.commit_group
	OpCpAsyncWaitAll        // cp.async.wait_all
	OpCpAsyncWaitGroup      // cp.async.wait_group
	OpCvt                   // cvt
	OpCvta                  // cvta
	OpDiv                   // div
	OpDp2a                  // dp2a
	OpDp4a                  // dp4a
	OpEx2                   // ex2
	OpExit                  // exit
	OpFence                 // fence
	OpFma                   // fma
	OpFns                   // fns
	OpIsspacep              // isspacep
	OpLd                    // ld
	OpLdmatrix              // ldmatrix
	OpLdu                   // ldu
	OpLg2                   // lg2
	OpLop3                  // lop3
	OpMad                   // mad
	OpMad24                 // mad24
	OpMadc                  // madc
	OpMatch                 // match
	OpMax                   // max
	OpMembar                // membar
	OpMin                   // min
	OpMma                   // mma
	OpMov                   // mov
	OpMul                   // mul
	OpMul24                 // mul24
	OpNanosleep             // nanosleep
	OpNeg                   // neg
	OpNot                   // not
	OpOr                    // or
	OpPopc                  // popc
	OpPrefetch              // prefetch
	OpPrmt                  // prmt
	OpRcp                   // rcp
	OpRed                   // red
	OpReduxSync             // redux.sync
	OpRem                   // rem
	OpRet                   // ret
	OpRsqrt                 // rsqrt
	OpSad                   // sad
	OpSelp                  // selp
	OpSet                   // set
	OpSetp                  // setp
	OpShf                   // shf
	OpShflSync              // shfl.sync
	OpShl                   // shl
	OpShr                   // shr
	OpSin                   // sin
	OpSlct                  // slct
	OpSqrt                  // sqrt
	OpSt                    // st
	OpSub                   // sub
	OpSubc                  // subc
	OpSzext                 // szext
	OpTanh                  // tanh
	OpTestp                 // testp
	OpTrap                  // trap
	OpVoteSync              // vote.sync
	OpXor                   // xor
	numOps
)

var opNames = [numOps]string{
	OpAbs:                "abs",
	OpActivemask:         "activemask",
	OpAdd:                "add",
	OpAddc:               "addc",
	OpAnd:                "and",
	OpAtom:               "atom",
	OpBarArrive:          "bar.arrive",
	OpBarRed:             "bar.red",
	OpBarSync:            "bar.sync",
	OpBarWarpSync:        "bar.warp.sync",
	OpBarrierArrive:      "barrier.arrive",
	OpBarrierRed:         "barrier.red",
	OpBarrierSync:        "barrier.sync",
	OpBfe:                "bfe",
	OpBfi:                "bfi",
	OpBfind:              "bfind",
	OpBmsk:               "bmsk",
	OpBra:                "bra",
	OpBrev:               "brev",
	OpBrkpt:              "brkpt",
	OpCall:               "call",
	OpClz:                "clz",
	OpCnot:               "cnot",
	OpCopysign:           "copysign",
	OpCos:                "cos",
	OpCpAsync:            "cp.async",
	OpCpAsyncCommitGroup: "cp.async.commit_group",
	OpCpAsyncWaitAll:     "cp.async.wait_all",
	OpCpAsyncWaitGroup:   "cp.async.wait_group",
	OpCvt:                "cvt",
	OpCvta:               "cvta",
	OpDiv:                "div",
	OpDp2a:               "dp2a",
	OpDp4a:               "dp4a",
	OpEx2:                "ex2",
	OpExit:               "exit",
	OpFence:              "fence",
	OpFma:                "fma",
	OpFns:                "fns",
	OpIsspacep:           "isspacep",
	OpLd:                 "ld",
	OpLdmatrix:           "ldmatrix",
	OpLdu:                "ldu",
	OpLg2:                "lg2",
	OpLop3:               "lop3",
	OpMad:                "mad",
	OpMad24:              "mad24",
	OpMadc:               "madc",
	OpMatch:              "match",
	OpMax:                "max",
	OpMembar:             "membar",
	OpMin:                "min",
	OpMma:                "mma",
	OpMov:                "mov",
	OpMul:                "mul",
	OpMul24:              "mul24",
	OpNanosleep:          "nanosleep",
	OpNeg:                "neg",
	OpNot:                "not",
	OpOr:                 "or",
	OpPopc:               "popc",
	OpPrefetch:           "prefetch",
	OpPrmt:               "prmt",
	OpRcp:                "rcp",
	OpRed:                "red",
	OpReduxSync:          "redux.sync",
	OpRem:                "rem",
	OpRet:                "ret",
	OpRsqrt:              "rsqrt",
	OpSad:                "sad",
	OpSelp:               "selp",
	OpSet:                "set",
	OpSetp:               "setp",
	OpShf:                "shf",
	OpShflSync:           "shfl.sync",
	OpShl:                "shl",
	OpShr:                "shr",
	OpSin:                "sin",
	OpSlct:               "slct",
	OpSqrt:               "sqrt",
	OpSt:                 "st",
	OpSub:                "sub",
	OpSubc:               "subc",
	OpSzext:              "szext",
	OpTanh:               "tanh",
	OpTestp:              "testp",
	OpTrap:               "trap",
	OpVoteSync:           "vote.sync",
	OpXor:                "xor",
}

// String returns the opcode's spelling ("bar.warp.sync").
func (o Op) String() string {
	if o < numOps {
		return opNames[o]
	}
	return "?"
}

// NumOps is the number of opcodes (OpInvalid included), the length of a
// table indexed by Op.
const NumOps = int(numOps)

// opsByName maps a spelling to its opcode.
var opsByName = func() map[string]Op {
	out := make(map[string]Op, numOps)
	for o := OpInvalid + 1; o < numOps; o++ {
		out[opNames[o]] = o
	}
	return out
}()

// OpByName returns the opcode spelled s ("shfl.sync"), or OpInvalid.
func OpByName(s string) Op { return opsByName[s] }
