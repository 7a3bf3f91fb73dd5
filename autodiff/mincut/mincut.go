// Package mincut computes maximum flows and minimum s-t cuts (Dinic's
// algorithm). The aot-autograd partitioner uses it to choose which forward
// values to save for the backward pass, as AOTAutograd does with networkx.
package mincut

// Inf is the capacity of an edge that must never be cut.
const Inf int64 = 1 << 60

type edge struct {
	to  int
	cap int64 // residual capacity
}

// Graph is a directed flow network on nodes 0..n-1.
type Graph struct {
	adj   [][]int // edge indices per node
	edges []edge  // edge i and i^1 are a forward edge and its reverse
	level []int
	next  []int
}

// New returns a graph with n nodes and no edges.
func New(n int) *Graph { return &Graph{adj: make([][]int, n)} }

// AddNode adds a node and returns its index.
func (g *Graph) AddNode() int {
	g.adj = append(g.adj, nil)
	return len(g.adj) - 1
}

// NumNodes returns the node count.
func (g *Graph) NumNodes() int { return len(g.adj) }

// AddEdge adds a directed edge u→v with the given capacity (Inf for
// uncuttable edges). Capacities saturate at Inf.
func (g *Graph) AddEdge(u, v int, capacity int64) {
	if capacity > Inf {
		capacity = Inf
	}
	g.adj[u] = append(g.adj[u], len(g.edges))
	g.edges = append(g.edges, edge{to: v, cap: capacity})
	g.adj[v] = append(g.adj[v], len(g.edges))
	g.edges = append(g.edges, edge{to: u, cap: 0})
}

// MinCut computes a maximum flow from s to t and returns its value and the
// source side of a minimum cut (nodes reachable from s in the residual
// graph). A value of Inf or more means every s-t cut contains an
// uncuttable edge.
func (g *Graph) MinCut(s, t int) (int64, []bool) {
	var flow int64
	for g.bfs(s, t) {
		g.next = make([]int, len(g.adj))
		for {
			f := g.augment(s, t)
			if f == 0 {
				break
			}
			flow += f
			if flow >= Inf {
				return Inf, g.reachable(s)
			}
		}
	}
	return flow, g.reachable(s)
}

// bfs builds the level graph and reports whether t is reachable.
func (g *Graph) bfs(s, t int) bool {
	g.level = make([]int, len(g.adj))
	for i := range g.level {
		g.level[i] = -1
	}
	g.level[s] = 0
	queue := []int{s}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, ei := range g.adj[u] {
			e := g.edges[ei]
			if e.cap > 0 && g.level[e.to] < 0 {
				g.level[e.to] = g.level[u] + 1
				queue = append(queue, e.to)
			}
		}
	}
	return g.level[t] >= 0
}

// augment finds one blocking-flow path with an explicit stack (no recursion,
// so long chains cannot overflow the goroutine stack) and pushes flow on it.
func (g *Graph) augment(s, t int) int64 {
	path := []int{} // edge indices
	u := s
	for u != t {
		advanced := false
		for ; g.next[u] < len(g.adj[u]); g.next[u]++ {
			ei := g.adj[u][g.next[u]]
			e := g.edges[ei]
			if e.cap > 0 && g.level[e.to] == g.level[u]+1 {
				path = append(path, ei)
				u = e.to
				advanced = true
				break
			}
		}
		if advanced {
			continue
		}
		// Dead end: retreat and never try this node again in this phase.
		g.level[u] = -1
		if len(path) == 0 {
			return 0
		}
		last := path[len(path)-1]
		path = path[:len(path)-1]
		u = g.edges[last^1].to
		g.next[u]++
	}
	f := Inf
	for _, ei := range path {
		f = min(f, g.edges[ei].cap)
	}
	for _, ei := range path {
		g.edges[ei].cap -= f
		g.edges[ei^1].cap += f
	}
	return f
}

// reachable returns the nodes reachable from s through edges with residual capacity.
func (g *Graph) reachable(s int) []bool {
	seen := make([]bool, len(g.adj))
	seen[s] = true
	stack := []int{s}
	for len(stack) > 0 {
		u := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, ei := range g.adj[u] {
			if e := g.edges[ei]; e.cap > 0 && !seen[e.to] {
				seen[e.to] = true
				stack = append(stack, e.to)
			}
		}
	}
	return seen
}
