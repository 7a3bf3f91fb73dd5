package ptx

// Mod is an instruction modifier: every dotted suffix of an opcode that is
// not a type (.rn, .ftz, .global, .v4, .wide, .lt, .bfly, .m16n8k16, ...).
// The meaning of a few depends on the opcode: ModAnd is a boolean
// combination in setp.lt.and and an operation in atom.and; ModCTA is a
// scope in fence.acq_rel.cta and a level in membar.cta.
type Mod uint8

// The modifiers.
const (
	ModNone Mod = iota

	// Rounding modes: floating-point (.rn …) and integer (.rni …).
	ModRN
	ModRZ
	ModRM
	ModRP
	ModRNA
	ModRNI
	ModRZI
	ModRMI
	ModRPI

	// Floating-point flavours.
	ModFTZ
	ModSat
	ModSatFinite
	ModRelu
	ModApprox
	ModFull
	ModNaN
	ModXorSign
	ModAbs
	ModNoFTZ

	// Integer multiply forms and carries.
	ModHi
	ModLo
	ModWide
	ModCC

	// Comparisons (setp, set, slct).
	ModEq
	ModNe
	ModLt
	ModLe
	ModGt
	ModGe
	ModLo2 // .lo as a comparison ("lower", unsigned <); spelled "lo"
	ModLs
	ModHiCmp // .hi as a comparison ("higher", unsigned >); spelled "hi"
	ModHs
	ModEqu
	ModNeu
	ModLtu
	ModLeu
	ModGtu
	ModGeu
	ModNum
	ModNan

	// Boolean combinations (setp.lt.and) and bitwise atomic operations.
	ModAnd
	ModOr
	ModXor

	// Other atomic and reduction operations.
	ModAdd
	ModMin
	ModMax
	ModInc
	ModDec
	ModExch
	ModCas
	ModPopc // bar.red.popc

	// State spaces on memory instructions.
	ModGlobal
	ModShared
	ModSharedCTA
	ModSharedCluster
	ModLocal
	ModConst
	ModParam
	ModParamEntry
	ModParamFunc

	// cvta.to, ld.global.nc.
	ModTo
	ModNC

	// Vector widths.
	ModV2
	ModV4
	ModV8

	// Cache operators.
	ModCA
	ModCG
	ModCS
	ModLU
	ModCV
	ModWB
	ModWT

	// Cache eviction priorities and prefetch sizes.
	ModL1EvictNormal
	ModL1EvictUnchanged
	ModL1EvictFirst
	ModL1EvictLast
	ModL1NoAllocate
	ModL2EvictNormal
	ModL2EvictFirst
	ModL2EvictLast
	ModL2CacheHint
	ModL2_64B
	ModL2_128B
	ModL2_256B

	// Memory-consistency semantics and scopes.
	ModWeak
	ModVolatile
	ModRelaxed
	ModAcquire
	ModRelease
	ModAcqRel
	ModSC
	ModCTA
	ModGPU
	ModSys
	ModCluster
	ModGL // membar.gl

	// Control flow and warp-synchronous forms.
	ModUni
	ModSync
	ModAligned

	// shfl.sync modes.
	ModUp
	ModDown
	ModBfly
	ModIdx

	// vote.sync and match.sync modes.
	ModAll
	ModAny
	ModUniMode // vote.sync.uni; spelled "uni"
	ModBallot

	// testp operations.
	ModFinite
	ModInfinite
	ModNumber
	ModNotANumber
	ModNormal
	ModSubnormal

	// prmt modes.
	ModF4E
	ModB4E
	ModRC8
	ModECL
	ModECR
	ModRC16

	// shf direction and mode; bfind.shiftamt.
	ModL
	ModR
	ModClamp
	ModWrap
	ModShiftAmt

	// mma and ldmatrix shapes, layouts and counts.
	ModM16N8K8
	ModM16N8K16
	ModM16N8K4
	ModM8N8K4
	ModM16N8K32
	ModM8N8
	ModRow
	ModCol
	ModX1
	ModX2
	ModX4
	ModTrans

	// prefetch levels.
	ModL1
	ModL2

	numMods
)

// modNames are the spellings without the dot. Several Mods share a
// spelling; the parser picks the one the opcode's table row allows.
var modNames = [numMods]string{
	ModRN: "rn", ModRZ: "rz", ModRM: "rm", ModRP: "rp", ModRNA: "rna",
	ModRNI: "rni", ModRZI: "rzi", ModRMI: "rmi", ModRPI: "rpi",
	ModFTZ: "ftz", ModSat: "sat", ModSatFinite: "satfinite", ModRelu: "relu",
	ModApprox: "approx", ModFull: "full", ModNaN: "NaN", ModXorSign: "xorsign",
	ModAbs: "abs", ModNoFTZ: "noftz",
	ModHi: "hi", ModLo: "lo", ModWide: "wide", ModCC: "cc",
	ModEq: "eq", ModNe: "ne", ModLt: "lt", ModLe: "le", ModGt: "gt", ModGe: "ge",
	ModLo2: "lo", ModLs: "ls", ModHiCmp: "hi", ModHs: "hs",
	ModEqu: "equ", ModNeu: "neu", ModLtu: "ltu", ModLeu: "leu", ModGtu: "gtu",
	ModGeu: "geu", ModNum: "num", ModNan: "nan",
	ModAnd: "and", ModOr: "or", ModXor: "xor",
	ModAdd: "add", ModMin: "min", ModMax: "max", ModInc: "inc", ModDec: "dec",
	ModExch: "exch", ModCas: "cas", ModPopc: "popc",
	ModGlobal: "global", ModShared: "shared", ModSharedCTA: "shared::cta",
	ModSharedCluster: "shared::cluster", ModLocal: "local", ModConst: "const",
	ModParam: "param", ModParamEntry: "param::entry", ModParamFunc: "param::func",
	ModTo: "to", ModNC: "nc",
	ModV2: "v2", ModV4: "v4", ModV8: "v8",
	ModCA: "ca", ModCG: "cg", ModCS: "cs", ModLU: "lu", ModCV: "cv", ModWB: "wb", ModWT: "wt",
	ModL1EvictNormal: "L1::evict_normal", ModL1EvictUnchanged: "L1::evict_unchanged",
	ModL1EvictFirst: "L1::evict_first", ModL1EvictLast: "L1::evict_last",
	ModL1NoAllocate: "L1::no_allocate", ModL2EvictNormal: "L2::evict_normal",
	ModL2EvictFirst: "L2::evict_first", ModL2EvictLast: "L2::evict_last",
	ModL2CacheHint: "L2::cache_hint", ModL2_64B: "L2::64B", ModL2_128B: "L2::128B",
	ModL2_256B: "L2::256B",
	ModWeak:    "weak", ModVolatile: "volatile", ModRelaxed: "relaxed", ModAcquire: "acquire",
	ModRelease: "release", ModAcqRel: "acq_rel", ModSC: "sc",
	ModCTA: "cta", ModGPU: "gpu", ModSys: "sys", ModCluster: "cluster", ModGL: "gl",
	ModUni: "uni", ModSync: "sync", ModAligned: "aligned",
	ModUp: "up", ModDown: "down", ModBfly: "bfly", ModIdx: "idx",
	ModAll: "all", ModAny: "any", ModUniMode: "uni", ModBallot: "ballot",
	ModFinite: "finite", ModInfinite: "infinite", ModNumber: "number",
	ModNotANumber: "notanumber", ModNormal: "normal", ModSubnormal: "subnormal",
	ModF4E: "f4e", ModB4E: "b4e", ModRC8: "rc8", ModECL: "ecl", ModECR: "ecr", ModRC16: "rc16",
	ModL: "l", ModR: "r", ModClamp: "clamp", ModWrap: "wrap", ModShiftAmt: "shiftamt",
	ModM16N8K8: "m16n8k8", ModM16N8K16: "m16n8k16", ModM16N8K4: "m16n8k4",
	ModM8N8K4: "m8n8k4", ModM16N8K32: "m16n8k32", ModM8N8: "m8n8",
	ModRow: "row", ModCol: "col", ModX1: "x1", ModX2: "x2", ModX4: "x4", ModTrans: "trans",
	ModL1: "L1", ModL2: "L2",
}

// String returns the modifier's spelling without the dot ("rn").
func (m Mod) String() string {
	if m < numMods {
		return modNames[m]
	}
	return "?"
}

// modsByName maps a spelling to the modifiers spelled that way.
var modsByName = func() map[string][]Mod {
	out := map[string][]Mod{}
	for m := ModNone + 1; m < numMods; m++ {
		if s := modNames[m]; s != "" {
			out[s] = append(out[s], m)
		}
	}
	return out
}()

// ModGroup is a set of modifiers, such as the rounding modes or the
// comparison operators.
type ModGroup [(numMods + 63) / 64]uint64

// Contains reports whether m is in the group.
func (g ModGroup) Contains(m Mod) bool {
	return m < numMods && g[m/64]&(1<<(m%64)) != 0
}

// Mods returns the group's members in enum order.
func (g ModGroup) Mods() []Mod {
	var out []Mod
	for m := ModNone + 1; m < numMods; m++ {
		if g.Contains(m) {
			out = append(out, m)
		}
	}
	return out
}

// Union returns the modifiers in g or h.
func (g ModGroup) Union(h ModGroup) ModGroup {
	for i := range g {
		g[i] |= h[i]
	}
	return g
}

// Groups builds a ModGroup from its members.
func Groups(ms ...Mod) ModGroup {
	var g ModGroup
	for _, m := range ms {
		g[m/64] |= 1 << (m % 64)
	}
	return g
}

// Modifier groups used by the ISA table and by decoders.
var (
	// GroupFloatRounding: .rn .rz .rm .rp (and .rna for cvt.tf32).
	GroupFloatRounding = Groups(ModRN, ModRZ, ModRM, ModRP, ModRNA)
	// GroupIntRounding: .rni .rzi .rmi .rpi (float→integer-valued).
	GroupIntRounding = Groups(ModRNI, ModRZI, ModRMI, ModRPI)
	// GroupCmp: the comparison operators of setp, set and slct.
	GroupCmp = Groups(ModEq, ModNe, ModLt, ModLe, ModGt, ModGe, ModLo2, ModLs,
		ModHiCmp, ModHs, ModEqu, ModNeu, ModLtu, ModLeu, ModGtu, ModGeu, ModNum, ModNan)
	// GroupBoolOp: .and .or .xor of setp/set.
	GroupBoolOp = Groups(ModAnd, ModOr, ModXor)
	// GroupAtomOp: the operations of atom and red.
	GroupAtomOp = Groups(ModAnd, ModOr, ModXor, ModAdd, ModMin, ModMax, ModInc, ModDec, ModExch, ModCas)
	// GroupSpace: the state spaces of memory instructions.
	GroupSpace = Groups(ModGlobal, ModShared, ModSharedCTA, ModSharedCluster, ModLocal,
		ModConst, ModParam, ModParamEntry, ModParamFunc)
	// GroupVec: .v2 .v4 .v8.
	GroupVec = Groups(ModV2, ModV4, ModV8)
	// GroupCache: the cache operators.
	GroupCache = Groups(ModCA, ModCG, ModCS, ModLU, ModCV, ModWB, ModWT)
	// GroupEviction: eviction priorities, cache hints, prefetch sizes.
	GroupEviction = Groups(ModL1EvictNormal, ModL1EvictUnchanged, ModL1EvictFirst,
		ModL1EvictLast, ModL1NoAllocate, ModL2EvictNormal, ModL2EvictFirst,
		ModL2EvictLast, ModL2CacheHint, ModL2_64B, ModL2_128B, ModL2_256B)
	// GroupSem: memory-consistency semantics.
	GroupSem = Groups(ModWeak, ModVolatile, ModRelaxed, ModAcquire, ModRelease, ModAcqRel, ModSC)
	// GroupScope: scopes.
	GroupScope = Groups(ModCTA, ModGPU, ModSys, ModCluster)
	// GroupMulMode: .hi .lo .wide of mul/mad.
	GroupMulMode = Groups(ModHi, ModLo, ModWide)
	// GroupShfl: shfl.sync modes.
	GroupShfl = Groups(ModUp, ModDown, ModBfly, ModIdx)
	// GroupVote: vote.sync modes.
	GroupVote = Groups(ModAll, ModAny, ModUniMode, ModBallot)
	// GroupTestp: testp operations.
	GroupTestp = Groups(ModFinite, ModInfinite, ModNumber, ModNotANumber, ModNormal, ModSubnormal)
	// GroupPrmt: prmt modes.
	GroupPrmt = Groups(ModF4E, ModB4E, ModRC8, ModECL, ModECR, ModRC16)
	// GroupShape: mma/ldmatrix shapes.
	GroupShape = Groups(ModM16N8K8, ModM16N8K16, ModM16N8K4, ModM8N8K4, ModM16N8K32, ModM8N8)
	// GroupLayout: mma layouts (.row .col; the first is A's, the second B's).
	GroupLayout = Groups(ModRow, ModCol)
)

// Space returns the state space a space modifier names (ModShared and
// ModSharedCTA give SpaceShared), or SpaceGeneric.
func (m Mod) Space() StateSpace {
	switch m {
	case ModGlobal:
		return SpaceGlobal
	case ModShared, ModSharedCTA, ModSharedCluster:
		return SpaceShared
	case ModLocal:
		return SpaceLocal
	case ModConst:
		return SpaceConst
	case ModParam, ModParamEntry, ModParamFunc:
		return SpaceParam
	}
	return SpaceGeneric
}

// Space returns the state space of a memory instruction's modifiers
// (SpaceGeneric when none).
func (i *Instruction) Space() StateSpace { return i.ModIn(GroupSpace).Space() }

// Vec returns the vector width of the instruction (1 when it has no .vN).
func (i *Instruction) Vec() int {
	switch i.ModIn(GroupVec) {
	case ModV2:
		return 2
	case ModV4:
		return 4
	case ModV8:
		return 8
	}
	return 1
}
