package report_test

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tt-compiler/tt/report"
)

// chromium returns a headless Chromium or Chrome on PATH, or skips.
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no chromium on PATH (Debian package chromium; .ci/run installs it): the report is not rendered")
	return ""
}

// runBrowser runs headless Chromium on a page with extra flags and
// returns its standard output.
func runBrowser(t *testing.T, bin, url string, flags ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	args := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
		"--user-data-dir=" + t.TempDir()}, flags...)
	cmd := exec.CommandContext(ctx, bin, append(args, url)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", bin, err, stderr.String())
	}
	return out
}

// writeSamplePage writes the report of the unit test's modules.
func writeSamplePage(t *testing.T) string {
	t.Helper()
	d := sampleData(t)
	model := "package model\n\nfunc fnF() {\n\t{\n\t\t// loops.parallel at " + d.Kernels[0].Loc + "\n\t\tttParallelFor(4, 1, func(lo, hi int) {\n\t\t\tx := exp(1)\n\t\t})\n\t}\n}\n"
	p := &report.Page{Title: "@f", Stages: []report.Stage{{Name: "03-post-fusion.mlir", Text: postSrc}}, Model: []byte(model), Data: d}
	var b bytes.Buffer
	if err := report.Write(&b, p); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "index.html")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestBrowserSearchAndNavigation loads the report in headless Chromium
// with a search (?q=) and a fragment naming a kernel, and reads the DOM
// after the page's script ran: the matches are marked and counted, the
// stage holding them and the kernel are open.
func TestBrowserSearchAndNavigation(t *testing.T) {
	bin := chromium(t)
	path := writeSamplePage(t)
	dom := string(runBrowser(t, bin, "file://"+path+"?q=tensor.exp#kernel-0", "--dump-dom"))
	if !strings.Contains(dom, `data-ready="yes"`) {
		t.Fatalf("the page's script did not run:\n%.2000s", dom)
	}
	if n := strings.Count(dom, "<mark>tensor.exp</mark>"); n != 1 {
		t.Errorf("%d marked matches of tensor.exp in the stage, want 1", n)
	}
	if !regexp.MustCompile(`id="hits">1 matches<`).MatchString(dom) {
		t.Errorf("the match count is not shown")
	}
	for _, id := range []string{"stage-0", "kernel-0"} {
		if !regexp.MustCompile(`<details id="` + id + `"[^>]*\bopen\b`).MatchString(dom) {
			t.Errorf("details %s is not open", id)
		}
	}
	if regexp.MustCompile(`<details id="model"[^>]*\bopen\b`).MatchString(dom) {
		t.Errorf("the generated code (no match) was opened")
	}
}

// TestBrowserScreenshot renders the report and checks the picture: the
// header's colour at the top left, and enough distinct colours for text,
// the timeline's bars and the page (a blank or unstyled page has few).
func TestBrowserScreenshot(t *testing.T) {
	bin := chromium(t)
	path := writeSamplePage(t)
	shot := filepath.Join(t.TempDir(), "shot.png")
	runBrowser(t, bin, "file://"+path, "--window-size=1000,1400", "--screenshot="+shot, "--hide-scrollbars")
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	r, g, b, _ := img.At(5, 5).RGBA()
	if r>>8 != 0x1f || g>>8 != 0x3b || b>>8 != 0x57 {
		t.Errorf("pixel (5, 5) is #%02x%02x%02x, want the header's #1f3b57", r>>8, g>>8, b>>8)
	}
	colours := map[uint32]bool{}
	bar := false
	bounds := img.Bounds()
	for y := bounds.Min.Y; y < bounds.Max.Y; y += 2 {
		for x := bounds.Min.X; x < bounds.Max.X; x += 2 {
			r, g, b, _ := img.At(x, y).RGBA()
			colours[(r>>8)<<16|(g>>8)<<8|b>>8] = true
			bar = bar || (r>>8 == 0x4a && g>>8 == 0x7f && b>>8 == 0xb0)
		}
	}
	if len(colours) < 20 {
		t.Errorf("%d distinct colours: the page did not render", len(colours))
	}
	if !bar {
		t.Errorf("no pixel of the memory timeline's bars (#4a7fb0)")
	}
}
