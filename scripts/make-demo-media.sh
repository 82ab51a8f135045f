#!/usr/bin/env bash
# make-demo-media.sh — regenerates the committed demo media for Duet:
#   demo/media/images/<post-key>.webp          abstract 1200x675 covers (WebP, q70)
#   demo/media/images/city-walk-shanghai-poster.webp
#   demo/media/videos/city-walk-shanghai.webm  10 s, 640x360, VP9, no audio
#   demo/media/videos/city-walk-shanghai.mp4   its H.264 copy, as the server makes one
#                                              (src/core/media/mp4-rendition.ts)
#   demo/media/videos/city-walk-shanghai.{zh,en}.vtt
#
# The committed files are what the app and its tests use; this script is NOT run
# by the app, the build or the tests. It only exists so the media can be remade.
#
# Needs (Debian bookworm packages):
#   apt-get install -y ffmpeg librsvg2-bin webp
#   (ffmpeg with libvpx + libwebp, rsvg-convert, cwebp) and awk, coreutils.
#
# Usage: bash scripts/make-demo-media.sh [--covers-only|--video-only]
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
IMG="$ROOT/demo/media/images"
VID="$ROOT/demo/media/videos"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$IMG" "$VID"

for tool in rsvg-convert cwebp ffmpeg awk; do
  command -v "$tool" >/dev/null || { echo "missing: $tool (apt-get install -y ffmpeg librsvg2-bin webp)" >&2; exit 1; }
done

# ---------------------------------------------------------------------------
# Palette: ink blue, warm paper, vermilion accents (+ a little gold and jade).
INK="#1d2b45"; INK2="#2e4468"; INK3="#4a6590"; MIST="#a9bcd6"
PAPER="#f5eee2"; PAPER2="#e8dac2"; PAPER3="#fbf7ef"; SAND="#d9c9aa"
VERM="#d8432e"; VERM2="#ef7b5a"; DEEP="#6b2a35"; GOLD="#c8a35a"; JADE="#7a9a8c"
W=1200; H=675

svg_open() { printf '<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s">\n' "$W" "$H" "$W" "$H"; }
svg_close() { printf '</svg>\n'; }

# Deterministic pseudo-random numbers inside awk (Park–Miller, exact in doubles).
AWK_RND='function rnd() { seed = (seed * 16807) % 2147483647; return seed / 2147483647 }'

# --- 1. two languages in dialogue -------------------------------------------
cover_bilingual_publishing() {
  svg_open
  cat <<EOF
<defs>
 <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="$PAPER"/><stop offset="1" stop-color="$PAPER2"/></linearGradient>
 <radialGradient id="ink" cx=".35" cy=".3" r=".85"><stop offset="0" stop-color="$INK3"/><stop offset="1" stop-color="$INK"/></radialGradient>
 <radialGradient id="red" cx=".65" cy=".3" r=".85"><stop offset="0" stop-color="$VERM2"/><stop offset="1" stop-color="$VERM"/></radialGradient>
 <clipPath id="left"><circle cx="515" cy="338" r="200"/></clipPath>
</defs>
<rect width="$W" height="$H" fill="url(#bg)"/>
<path d="M 180 205 Q 600 10 1020 205" fill="none" stroke="$INK" stroke-width="2" stroke-dasharray="2 10" stroke-linecap="round" opacity=".55"/>
<path d="M 1020 470 Q 600 665 180 470" fill="none" stroke="$VERM" stroke-width="2" stroke-dasharray="2 10" stroke-linecap="round" opacity=".7"/>
<circle cx="515" cy="338" r="200" fill="url(#ink)"/>
<circle cx="685" cy="338" r="200" fill="url(#red)"/>
<circle cx="685" cy="338" r="200" fill="$DEEP" clip-path="url(#left)"/>
<circle cx="600" cy="338" r="6" fill="$PAPER"/>
EOF
  # left: blocks of square glyphs; right: words of narrow letters
  awk -v ink="$INK" -v verm="$VERM" "$AWK_RND"'
  BEGIN { seed = 11
    for (i = 0; i < 6; i++) {
      y = 236 + i * 36; n = 5 + int(rnd() * 4)
      for (k = 0; k < n; k++) printf "<rect x=\"%d\" y=\"%d\" width=\"18\" height=\"18\" rx=\"2\" fill=\"%s\" opacity=\"%.2f\"/>\n", 84 + k * 24, y, ink, 0.55 + rnd() * 0.35
      x = 1118; nw = 2 + int(rnd() * 3)
      for (k = 0; k < nw; k++) { w = 22 + int(rnd() * 44); x -= w
        printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"10\" rx=\"5\" fill=\"%s\" opacity=\"%.2f\"/>\n", x, y + 5, w, verm, 0.6 + rnd() * 0.3
        x -= 12 }
    } }'
  svg_close
}

# --- 2. spacing between Chinese and Latin letters ---------------------------
cover_cjk_spacing() {
  svg_open
  cat <<EOF
<defs>
 <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="$INK"/><stop offset="1" stop-color="$INK2"/></linearGradient>
</defs>
<rect width="$W" height="$H" fill="url(#bg)"/>
EOF
  awk -v paper="$PAPER" -v mist="$MIST" -v verm="$VERM" "$AWK_RND"'
  function width(p,   i, c, w) { w = 0
    for (i = 1; i <= length(p); i++) { c = substr(p, i, 1)
      if (c == "H") w += 50; else if (c == "l") w += lw[i]; else if (c == " ") w += 14; else if (c == "|") w += 30 }
    return w }
  BEGIN { seed = 7
    rows[0] = "HHHHH|llll llllll|HHHH|lll|HH"
    rows[1] = "HHH|lllllll|HHHHHH|ll lllll"
    rows[2] = "HHHHHHH|lllll|HHHH|llll"
    rows[3] = "lllll lll|HHHHH|llllll|HHH"
    rows[4] = "HH|lll|HHHHHHHH|lllll ll"
    for (r = 0; r < 5; r++) {
      p = rows[r]; top = 118 + r * 92
      for (i = 1; i <= length(p); i++) { lw[i] = 14 + int(rnd() * 10); kind[i] = rnd() }
      x = int((1200 - width(p)) / 2)
      for (i = 1; i <= length(p); i++) { c = substr(p, i, 1)
        if (c == "H") { printf "<rect x=\"%d\" y=\"%d\" width=\"44\" height=\"44\" rx=\"3\" fill=\"%s\" opacity=\"%.2f\"/>\n", x, top, paper, 0.78 + kind[i] * 0.2; x += 50 }
        else if (c == "l") { w = lw[i] - 5; y1 = top + 14; y2 = top + 40
          if (kind[i] < 0.22) y1 = top + 2; else if (kind[i] > 0.88) y2 = top + 52
          printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"4\" fill=\"%s\"/>\n", x, y1, w, y2 - y1, mist; x += lw[i] }
        else if (c == " ") x += 14
        else if (c == "|") { printf "<rect x=\"%d\" y=\"%d\" width=\"20\" height=\"56\" fill=\"%s\" opacity=\".16\"/>\n", x + 5, top - 6, verm
          printf "<rect x=\"%d\" y=\"%d\" width=\"2\" height=\"64\" fill=\"%s\"/>\n", x + 14, top - 10, verm; x += 30 }
      } } }'
  svg_close
}

# --- 3. a server rack and a terminal ----------------------------------------
cover_self_hosted_nextjs() {
  svg_open
  cat <<EOF
<defs>
 <radialGradient id="bg" cx=".7" cy=".35" r=".9"><stop offset="0" stop-color="$INK2"/><stop offset="1" stop-color="#121c30"/></radialGradient>
</defs>
<rect width="$W" height="$H" fill="url(#bg)"/>
<path d="M 500 210 C 560 210 560 260 620 260 M 500 330 C 570 330 560 380 620 380 M 500 450 C 580 450 560 470 620 470" fill="none" stroke="$INK3" stroke-width="3" opacity=".8"/>
<rect x="150" y="92" width="360" height="492" rx="16" fill="#16223a" stroke="$INK3" stroke-width="3"/>
<rect x="620" y="150" width="460" height="376" rx="14" fill="#0f1829" stroke="$INK3" stroke-width="3"/>
<path d="M 620 194 H 1080" stroke="$INK3" stroke-width="2"/>
<circle cx="648" cy="172" r="7" fill="$VERM"/><circle cx="672" cy="172" r="7" fill="$GOLD"/><circle cx="696" cy="172" r="7" fill="$JADE"/>
EOF
  awk -v unit="#24365a" -v vent="#3a5078" -v paper="$PAPER" -v jade="$JADE" -v gold="$GOLD" -v verm="$VERM" "$AWK_RND"'
  BEGIN { seed = 3
    for (i = 0; i < 8; i++) { y = 112 + i * 58
      printf "<rect x=\"170\" y=\"%d\" width=\"320\" height=\"48\" rx=\"6\" fill=\"%s\"/>\n", y, unit
      for (k = 0; k < 7; k++) printf "<rect x=\"%d\" y=\"%d\" width=\"4\" height=\"24\" rx=\"2\" fill=\"%s\"/>\n", 188 + k * 10, y + 12, vent
      printf "<rect x=\"272\" y=\"%d\" width=\"120\" height=\"8\" rx=\"4\" fill=\"#111a2c\"/>\n", y + 20
      for (k = 0; k < 3; k++) { r = rnd(); col = (r < 0.55) ? jade : ((r < 0.85) ? gold : verm)
        printf "<circle cx=\"%d\" cy=\"%d\" r=\"5\" fill=\"%s\" opacity=\"%.2f\"/>\n", 420 + k * 20, y + 24, col, 0.55 + rnd() * 0.45 } }
    for (i = 0; i < 8; i++) { y = 222 + i * 34
      if (i == 7) { printf "<path d=\"M 650 %d l 12 8 l -12 8 z\" fill=\"%s\"/>\n", y - 2, verm
        printf "<rect x=\"674\" y=\"%d\" width=\"14\" height=\"20\" fill=\"%s\"/>\n", y - 4, verm; continue }
      ind = (rnd() < 0.35) ? 32 : 0; col = ind ? jade : paper
      if (!ind) printf "<path d=\"M 650 %d l 12 8 l -12 8 z\" fill=\"%s\" opacity=\".9\"/>\n", y - 2, verm
      x = 674 + ind; nw = 1 + int(rnd() * 4)
      for (k = 0; k < nw; k++) { w = 30 + int(rnd() * 90); if (x + w > 1050) break
        printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"10\" rx=\"5\" fill=\"%s\" opacity=\"%.2f\"/>\n", x, y + 1, w, col, 0.55 + rnd() * 0.35; x += w + 12 } } }'
  svg_close
}

# --- 4. tea and slowness ----------------------------------------------------
cover_tea_and_time() {
  svg_open
  cat <<EOF
<defs>
 <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="$PAPER"/><stop offset="1" stop-color="$PAPER2"/></linearGradient>
 <radialGradient id="tea" cx=".45" cy=".4" r=".7"><stop offset="0" stop-color="#d19a5b"/><stop offset=".7" stop-color="#a8642f"/><stop offset="1" stop-color="#7c4522"/></radialGradient>
 <radialGradient id="shadow" cx=".5" cy=".5" r=".5"><stop offset=".8" stop-color="#6b5638" stop-opacity=".22"/><stop offset="1" stop-color="#6b5638" stop-opacity="0"/></radialGradient>
</defs>
<rect width="$W" height="$H" fill="url(#bg)"/>
<circle cx="612" cy="350" r="250" fill="url(#shadow)"/>
<circle cx="600" cy="338" r="222" fill="$PAPER2" stroke="$SAND" stroke-width="2"/>
<circle cx="600" cy="338" r="196" fill="none" stroke="$SAND" stroke-width="1.5"/>
<rect x="740" y="318" width="92" height="40" rx="20" fill="$PAPER3" stroke="$SAND" stroke-width="2"/>
<circle cx="600" cy="338" r="160" fill="$PAPER3" stroke="$SAND" stroke-width="2"/>
<circle cx="600" cy="338" r="138" fill="url(#tea)"/>
<g fill="none" stroke="$PAPER" stroke-width="2" opacity=".28"><circle cx="585" cy="325" r="34"/><circle cx="585" cy="325" r="66"/><circle cx="585" cy="325" r="100"/></g>
<ellipse cx="636" cy="300" rx="34" ry="12" transform="rotate(-28 636 300)" fill="$JADE"/>
<path d="M 606 318 L 666 282" stroke="#5f7d70" stroke-width="2"/>
<path d="M 600 58 A 280 280 0 0 1 842.5 198" fill="none" stroke="$VERM" stroke-width="6" stroke-linecap="round"/>
<circle cx="842.5" cy="198" r="9" fill="$VERM"/>
EOF
  awk -v ink="$INK" 'BEGIN { pi = atan2(0, -1)
    for (i = 0; i < 60; i++) { a = i * 6 * pi / 180; r1 = (i % 5 == 0) ? 262 : 270; r2 = 282
      printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%s\" opacity=\".45\"/>\n", 600 + r1 * sin(a), 338 - r1 * cos(a), 600 + r2 * sin(a), 338 - r2 * cos(a), ink, (i % 5 == 0) ? 3 : 1.5 } }'
  svg_close
}

# --- 5. a Tang poem under the moon ------------------------------------------
cover_translating_a_tang_poem() {
  svg_open
  cat <<EOF
<defs>
 <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0e1830"/><stop offset=".7" stop-color="$INK2"/><stop offset="1" stop-color="#3e5479"/></linearGradient>
 <linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1b2a47"/><stop offset="1" stop-color="#0c1528"/></linearGradient>
 <radialGradient id="glow" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="$PAPER" stop-opacity=".45"/><stop offset="1" stop-color="$PAPER" stop-opacity="0"/></radialGradient>
</defs>
<rect width="$W" height="$H" fill="url(#sky)"/>
<circle cx="840" cy="190" r="240" fill="url(#glow)"/>
<circle cx="840" cy="190" r="78" fill="#f4ead4"/>
<circle cx="812" cy="172" r="14" fill="#e6d8bb" opacity=".6"/><circle cx="862" cy="214" r="9" fill="#e6d8bb" opacity=".6"/>
<path d="M 0 440 C 120 380 200 400 300 350 C 380 310 430 360 520 390 C 620 420 700 330 800 360 C 900 390 1000 340 1200 400 V 520 H 0 Z" fill="#34496e"/>
<path d="M 0 470 C 100 440 180 450 260 420 C 330 395 400 440 500 455 C 600 470 680 420 780 440 C 880 460 1000 430 1200 460 V 520 H 0 Z" fill="#26395a"/>
<rect y="500" width="$W" height="175" fill="url(#water)"/>
<path d="M 0 500 H 1200" stroke="$MIST" stroke-width="1" opacity=".35"/>
<path d="M -20 40 C 60 60 120 50 190 90 C 230 112 250 140 300 150" fill="none" stroke="#0b1326" stroke-width="7" stroke-linecap="round"/>
EOF
  awk -v paper="$PAPER" -v gold="$GOLD" -v verm="$VERM" "$AWK_RND"'
  BEGIN { seed = 5
    for (i = 0; i < 70; i++) { x = rnd() * 1200; y = rnd() * 330
      if ((x - 840)^2 + (y - 190)^2 < 150^2) continue
      printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" opacity=\"%.2f\"/>\n", x, y, 0.8 + rnd() * 1.4, paper, 0.25 + rnd() * 0.5 }
    # pine needles along the branch
    split("40 46 105 58 170 80 225 112 290 148 70 52", tuft, " ")
    for (t = 1; t < 12; t += 2) for (k = 0; k < 11; k++) { a = 3.14159265 * (0.05 + 0.9 * k / 10); l = 26 + rnd() * 16
      printf "<line x1=\"%s\" y1=\"%s\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#0b1326\" stroke-width=\"2.5\" stroke-linecap=\"round\"/>\n", tuft[t], tuft[t + 1], tuft[t] + l * cos(a), tuft[t + 1] + l * sin(a) }
    # moonlight on the water
    for (i = 0; i < 16; i++) { y = 512 + i * 10; w = 140 - i * 6 + rnd() * 50; x = 840 - w / 2 + 14 * sin(i * 1.7) + (rnd() - 0.5) * 16
      printf "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"3\" rx=\"1.5\" fill=\"%s\" opacity=\"%.2f\"/>\n", x, y, w, paper, 0.5 - i * 0.028 }
    # vertical columns of short strokes: verse read top to bottom, right to left
    for (c = 0; c < 5; c++) { x = 330 - c * 42; n = 5 + int(rnd() * 3)
      for (k = 0; k < n; k++) printf "<rect x=\"%d\" y=\"%d\" width=\"4\" height=\"%d\" rx=\"2\" fill=\"%s\" opacity=\".4\"/>\n", x, 200 + k * 30, 14 + int(rnd() * 8), gold }
    # a seal below the last column
    printf "<rect x=\"%d\" y=\"%d\" width=\"20\" height=\"20\" rx=\"2\" fill=\"%s\" opacity=\".85\"/>\n", x - 8, 200 + n * 30 + 6, verm }'
  svg_close
}

# --- 6. Chinese word segmentation -------------------------------------------
cover_how_chinese_search_works() {
  svg_open
  cat <<EOF
<defs>
 <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="$PAPER3"/><stop offset="1" stop-color="$PAPER2"/></linearGradient>
</defs>
<rect width="$W" height="$H" fill="url(#bg)"/>
EOF
  awk -v ink="$INK" -v ink3="$INK3" -v verm="$VERM" -v paper="$PAPER" -v mist="$MIST" "$AWK_RND"'
  function nx(i) { return 163 + i * 74 - 7 }
  function arc(i, j, col, sw, op,   r) { r = (nx(j) - nx(i)) / 2
    printf "<path d=\"M %d 318 A %d %d 0 0 1 %d 318\" fill=\"none\" stroke=\"%s\" stroke-width=\"%s\" opacity=\"%s\"/>\n", nx(i), r, r, nx(j), col, sw, op }
  BEGIN { seed = 19
    # the lattice of candidate words
    for (i = 0; i < 12; i++) for (s = 1; s <= 4 && i + s <= 12; s++) if (s == 1 || rnd() < 0.45) arc(i, i + s, ink3, 1.5, ".35")
    n = split("0 2 3 6 8 9 12", cut, " ")
    for (k = 1; k < n; k++) arc(cut[k], cut[k + 1], verm, 4, "1")
    for (i = 0; i < 12; i++) { x = 163 + i * 74
      printf "<rect x=\"%d\" y=\"330\" width=\"60\" height=\"60\" rx=\"4\" fill=\"%s\"/>\n", x, ink
      printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"4\" fill=\"%s\" opacity=\".5\"/>\n", x + 14, 346 + int(rnd() * 20), 20 + int(rnd() * 16), mist }
    for (k = 1; k <= n; k++) printf "<circle cx=\"%d\" cy=\"318\" r=\"6\" fill=\"%s\"/>\n", nx(cut[k]), verm
    for (k = 1; k < n; k++) printf "<path d=\"M %d 408 v 10 H %d v -10\" fill=\"none\" stroke=\"%s\" stroke-width=\"3\"/>\n", nx(cut[k]) + 10, nx(cut[k + 1]) - 10, verm
    # magnifier over one word
    cx = (nx(3) + nx(6)) / 2
    printf "<circle cx=\"%d\" cy=\"362\" r=\"112\" fill=\"%s\" opacity=\".12\"/>\n", cx, paper
    printf "<circle cx=\"%d\" cy=\"362\" r=\"112\" fill=\"none\" stroke=\"%s\" stroke-width=\"9\"/>\n", cx, ink
    printf "<path d=\"M %d %d l 90 90\" stroke=\"%s\" stroke-width=\"22\" stroke-linecap=\"round\"/>\n", cx + 80, 442, ink }'
  svg_close
}

# --- 7. a walk by Suzhou Creek ----------------------------------------------
cover_city_walk_shanghai() {
  svg_open
  cat <<EOF
<defs>
 <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#dfe3e6"/><stop offset=".65" stop-color="#f3dccb"/><stop offset="1" stop-color="#f6e6d3"/></linearGradient>
 <linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9fb0c4"/><stop offset="1" stop-color="$INK2"/></linearGradient>
 <radialGradient id="sun" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="$VERM2" stop-opacity=".5"/><stop offset="1" stop-color="$VERM2" stop-opacity="0"/></radialGradient>
</defs>
<rect width="$W" height="$H" fill="url(#sky)"/>
<circle cx="900" cy="190" r="160" fill="url(#sun)"/>
<circle cx="900" cy="190" r="48" fill="$VERM" opacity=".9"/>
<path d="M 1040 400 V 150 L 1052 108 L 1064 150 V 400 Z" fill="#a3aec2"/>
EOF
  awk -v far="#a3aec2" -v near="#5a6d8f" -v ink="$INK2" -v paper="$PAPER" -v verm="$VERM" -v verm2="$VERM2" "$AWK_RND"'
  function cy(x, x0, x1,   t) { t = (x - x0) / (x1 - x0); return 400 - 4 * 46 * t * (1 - t) }
  BEGIN { seed = 23
    x = 0; while (x < 1200) { w = 30 + int(rnd() * 50); h = 40 + int(rnd() * 110)
      printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" opacity=\".75\"/>\n", x, 400 - h, w, h, far; x += w + int(rnd() * 10) }
    x = 620; while (x < 1200) { w = 50 + int(rnd() * 60); h = 40 + int(rnd() * 60)
      printf "<path d=\"M %d 400 V %d h %d v -14 h %d v 14 h %d V 400 Z\" fill=\"%s\"/>\n", x, 400 - h, w * 0.25, w * 0.5, w * 0.25, near; x += w + 4 }
    # a steel truss bridge in two spans
    for (s = 0; s < 2; s++) { x0 = 130 + s * 240; x1 = x0 + 240
      printf "<path d=\"M %d 400 Q %d %d %d 400\" fill=\"none\" stroke=\"%s\" stroke-width=\"6\"/>\n", x0, (x0 + x1) / 2, 400 - 92, x1, ink
      for (k = 1; k < 12; k++) { xa = x0 + k * 20
        printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"400\" stroke=\"%s\" stroke-width=\"2.5\"/>\n", xa, cy(xa, x0, x1), xa, ink
        xb = (k < 6) ? xa - 20 : xa + 20
        printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"400\" stroke=\"%s\" stroke-width=\"1.5\"/>\n", xa, cy(xa, x0, x1), xb, ink } }
    printf "<rect x=\"110\" y=\"396\" width=\"530\" height=\"8\" fill=\"%s\"/>\n", ink
    printf "<rect y=\"404\" width=\"1200\" height=\"271\" fill=\"url(#water)\"/>\n"
    # ripples
    for (j = 0; j < 12; j++) { y = 425 + j * 19; ph = rnd() * 6.28; amp = 2 + j * 0.4
      d = sprintf("M 0 %.1f", y); for (x = 20; x <= 1200; x += 20) d = d sprintf(" L %d %.1f", x, y + amp * sin(x / 37 + ph))
      printf "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" opacity=\"%.2f\"/>\n", d, paper, 0.35 - j * 0.02 }
    for (i = 0; i < 9; i++) { w = 90 - i * 7 + rnd() * 20
      printf "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"4\" rx=\"2\" fill=\"%s\" opacity=\"%.2f\"/>\n", 900 - w / 2 + (rnd() - 0.5) * 20, 416 + i * 14, w, verm2, 0.8 - i * 0.07 }
    # the promenade and a walk along it
    printf "<path d=\"M 0 630 C 300 610 700 640 1200 615 V 675 H 0 Z\" fill=\"%s\"/>\n", paper
    for (i = 0; i < 22; i++) { x = 40 + i * 50; y = 650 + 8 * sin(i / 3)
      printf "<circle cx=\"%d\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" opacity=\"%.2f\"/>\n", x, y, 3 + (i % 2), verm, 0.25 + i * 0.033 } }'
  svg_close
}

# --- 8. reading time --------------------------------------------------------
cover_reading_time() {
  svg_open
  cat <<EOF
<defs>
 <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="$PAPER2"/><stop offset="1" stop-color="#dcc8a8"/></linearGradient>
</defs>
<rect width="$W" height="$H" fill="url(#bg)"/>
<path d="M 350 200 C 290 180 200 180 130 200 V 520 C 200 500 290 500 350 520 Z" fill="$PAPER3" stroke="$SAND" stroke-width="2"/>
<path d="M 350 200 C 410 180 500 180 570 200 V 520 C 500 500 410 500 350 520 Z" fill="$PAPER" stroke="$SAND" stroke-width="2"/>
<path d="M 350 200 V 520" stroke="$SAND" stroke-width="2"/>
<path d="M 520 190 V 570 l 14 -14 l 14 14 V 190 Z" fill="$VERM"/>
<circle cx="860" cy="338" r="236" fill="none" stroke="$PAPER3" stroke-width="14" opacity=".6"/>
<path d="M 860 102 A 236 236 0 0 1 1018 162.6" fill="none" stroke="$VERM" stroke-width="14" stroke-linecap="round"/>
<circle cx="860" cy="338" r="206" fill="$PAPER3" stroke="$INK" stroke-width="5"/>
<path d="M 860 338 L 860 180" stroke="$INK" stroke-width="8" stroke-linecap="round"/>
<path d="M 860 338 L 952 392" stroke="$INK" stroke-width="12" stroke-linecap="round"/>
<circle cx="860" cy="338" r="12" fill="$VERM"/>
EOF
  awk -v ink="$INK" -v ink3="$INK3" "$AWK_RND"'
  BEGIN { seed = 29; pi = atan2(0, -1)
    for (i = 0; i < 60; i++) { a = i * 6 * pi / 180; r1 = (i % 5 == 0) ? 176 : 188; r2 = 196
      printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%s\"/>\n", 860 + r1 * sin(a), 338 - r1 * cos(a), 860 + r2 * sin(a), 338 - r2 * cos(a), ink, (i % 5 == 0) ? 4 : 1.5 }
    for (p = 0; p < 2; p++) for (i = 0; i < 11; i++) { x = (p == 0) ? 160 : 380; w = 120 + int(rnd() * 50); if (i % 4 == 3) w = 60 + int(rnd() * 40)
      printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"7\" rx=\"3.5\" fill=\"%s\" opacity=\".5\"/>\n", x, 232 + i * 25, w, ink3 } }'
  svg_close
}

# --- 9. Spring Festival -----------------------------------------------------
cover_chunjie_suibi() {
  svg_open
  cat <<EOF
<defs>
 <radialGradient id="bg" cx=".5" cy=".45" r=".8"><stop offset="0" stop-color="#c23a2b"/><stop offset="1" stop-color="#6e1414"/></radialGradient>
 <radialGradient id="lantern" cx=".4" cy=".35" r=".75"><stop offset="0" stop-color="#f6804f"/><stop offset=".6" stop-color="#dc3a24"/><stop offset="1" stop-color="#9c1b14"/></radialGradient>
 <pattern id="lattice" width="48" height="48" patternUnits="userSpaceOnUse"><path d="M 0 24 L 24 0 L 48 24 L 24 48 Z" fill="none" stroke="$GOLD" stroke-width="1"/></pattern>
</defs>
<rect width="$W" height="$H" fill="url(#bg)"/>
<rect width="$W" height="$H" fill="url(#lattice)" opacity=".08"/>
EOF
  awk -v gold="$GOLD" -v paper="$PAPER" "$AWK_RND"'
  function burst(cx, cy, r, n, col,   i, a, r1) {
    for (i = 0; i < n; i++) { a = 2 * 3.14159265 * i / n; r1 = r * (0.35 + 0.1 * rnd())
      printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\" stroke-linecap=\"round\" opacity=\".8\"/>\n", cx + r1 * cos(a), cy + r1 * sin(a), cx + r * cos(a), cy + r * sin(a), col
      printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n", cx + (r + 10) * cos(a), cy + (r + 10) * sin(a), col } }
  function lantern(cx, cy, s,   rx, ry, k) { rx = 110 * s; ry = 90 * s
    printf "<line x1=\"%d\" y1=\"0\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/>\n", cx, cx, cy - ry, gold
    printf "<ellipse cx=\"%d\" cy=\"%d\" rx=\"%.1f\" ry=\"%.1f\" fill=\"url(#lantern)\"/>\n", cx, cy, rx, ry
    for (k = 1; k <= 3; k++) printf "<ellipse cx=\"%d\" cy=\"%d\" rx=\"%.1f\" ry=\"%.1f\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" opacity=\".55\"/>\n", cx, cy, rx * k / 4, ry, gold
    printf "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"4\" fill=\"%s\"/>\n", cx - rx * 0.42, cy - ry - 12 * s, rx * 0.84, 18 * s, gold
    printf "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"4\" fill=\"%s\"/>\n", cx - rx * 0.42, cy + ry - 6 * s, rx * 0.84, 18 * s, gold
    for (k = -3; k <= 3; k++) printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"/>\n", cx + k * 4 * s, cy + ry + 12 * s, cx + k * 6 * s, cy + ry + 80 * s, gold }
  BEGIN { seed = 31
    burst(150, 150, 70, 18, gold); burst(1060, 130, 55, 16, paper); burst(1050, 520, 80, 22, gold); burst(130, 540, 45, 14, paper)
    lantern(330, 250, 0.8); lantern(600, 320, 1.15); lantern(870, 230, 0.75) }'
  svg_close
}

# --- 10. workshop notebook --------------------------------------------------
cover_workshop_notes() {
  svg_open
  cat <<EOF
<defs>
 <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="$INK2"/><stop offset="1" stop-color="$INK"/></linearGradient>
</defs>
<rect width="$W" height="$H" fill="url(#bg)"/>
<g transform="rotate(-4 600 338)">
<rect x="292" y="112" width="640" height="470" rx="10" fill="#0d1628" opacity=".45" transform="translate(14 16)"/>
<rect x="280" y="100" width="640" height="470" rx="10" fill="$PAPER"/>
EOF
  awk -v ink="$INK" -v ink3="$INK3" -v verm="$VERM" -v sand="$SAND" "$AWK_RND"'
  BEGIN { seed = 37
    for (x = 304; x < 910; x += 24) for (y = 148; y < 560; y += 24) printf "<circle cx=\"%d\" cy=\"%d\" r=\"1.6\" fill=\"%s\"/>\n", x, y, sand
    for (i = 0; i < 15; i++) printf "<rect x=\"%d\" y=\"88\" width=\"10\" height=\"30\" rx=\"5\" fill=\"%s\"/>\n", 310 + i * 42, ink
    printf "<circle cx=\"440\" cy=\"300\" r=\"90\" fill=\"none\" stroke=\"%s\" stroke-width=\"3\"/>\n", ink
    printf "<path d=\"M 350 300 H 530 M 440 210 V 390\" stroke=\"%s\" stroke-width=\"1.5\" stroke-dasharray=\"6 6\"/>\n", ink3
    printf "<path d=\"M 560 400 L 660 220 L 760 400 Z\" fill=\"none\" stroke=\"%s\" stroke-width=\"3\"/>\n", ink
    printf "<path d=\"M 530 300 A 150 150 0 0 1 690 190\" fill=\"none\" stroke=\"%s\" stroke-width=\"3\"/>\n", verm
    printf "<circle cx=\"440\" cy=\"300\" r=\"5\" fill=\"%s\"/>\n", verm
    for (i = 0; i < 4; i++) { w = 140 + int(rnd() * 200)
      printf "<rect x=\"340\" y=\"%d\" width=\"%d\" height=\"6\" rx=\"3\" fill=\"%s\" opacity=\".55\"/>\n", 450 + i * 26, w, ink3 } }'
  cat <<EOF
</g>
<rect x="840" y="92" width="150" height="150" rx="4" fill="#f3b49a" transform="rotate(7 915 167)"/>
<rect x="868" y="140" width="90" height="6" rx="3" fill="$VERM" opacity=".55" transform="rotate(7 915 167)"/>
<rect x="868" y="166" width="64" height="6" rx="3" fill="$VERM" opacity=".55" transform="rotate(7 915 167)"/>
<g transform="rotate(-32 860 520)">
<rect x="640" y="504" width="420" height="30" fill="$GOLD"/>
<rect x="640" y="504" width="420" height="10" fill="#dcbd7a"/>
<rect x="1060" y="504" width="44" height="30" rx="6" fill="$VERM"/>
<path d="M 640 504 L 586 519 L 640 534 Z" fill="$PAPER2"/>
<path d="M 604 514 L 586 519 L 604 524 Z" fill="$INK"/>
</g>
EOF
  svg_close
}

# --- 11. owning your words: a home server -----------------------------------
cover_why_self_host() {
  svg_open
  cat <<EOF
<defs>
 <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="$PAPER3"/><stop offset="1" stop-color="$PAPER2"/></linearGradient>
</defs>
<rect width="$W" height="$H" fill="url(#bg)"/>
<circle cx="200" cy="150" r="54" fill="$VERM" opacity=".9"/>
<path d="M 0 560 H 1200" stroke="$SAND" stroke-width="3"/>
<g fill="none" stroke="$INK3" stroke-width="4" stroke-linecap="round" opacity=".5">
 <path d="M 760 210 A 80 80 0 0 1 800 290"/><path d="M 790 160 A 140 140 0 0 1 860 300"/><path d="M 820 110 A 200 200 0 0 1 920 310"/>
</g>
<path d="M 600 120 L 800 290 V 560 H 400 V 290 Z" fill="$INK"/>
<path d="M 600 120 L 820 307" stroke="$VERM" stroke-width="10" stroke-linecap="round"/>
<path d="M 600 120 L 380 307" stroke="$VERM" stroke-width="10" stroke-linecap="round"/>
<circle cx="1000" cy="470" r="52" fill="$JADE"/><rect x="994" y="500" width="12" height="60" fill="#5f7d70"/>
EOF
  awk -v paper="$PAPER" -v jade="$JADE" -v gold="$GOLD" -v verm="$VERM" -v ink3="$INK3" -v unit="#2e4468" "$AWK_RND"'
  BEGIN { seed = 41
    for (i = 0; i < 4; i++) { y = 300 + i * 58
      printf "<rect x=\"470\" y=\"%d\" width=\"260\" height=\"46\" rx=\"6\" fill=\"%s\"/>\n", y, unit
      printf "<rect x=\"490\" y=\"%d\" width=\"110\" height=\"8\" rx=\"4\" fill=\"#16223a\"/>\n", y + 19
      for (k = 0; k < 3; k++) { r = rnd(); col = (r < 0.5) ? jade : ((r < 0.85) ? gold : verm)
        printf "<circle cx=\"%d\" cy=\"%d\" r=\"5\" fill=\"%s\"/>\n", 660 + k * 20, y + 23, col } }
    # words flowing home
    for (j = 0; j < 3; j++) { y0 = 300 + j * 70; y1 = 360 + j * 50
      printf "<path d=\"M 0 %d C 150 %d 250 %d 390 %d\" fill=\"none\" stroke=\"%s\" stroke-width=\"3\" stroke-dasharray=\"%s\" stroke-linecap=\"round\" opacity=\"%s\"/>\n", y0, y0 - 60, y1 + 40, y1, (j == 1) ? verm : ink3, (j == 1) ? "30 14" : "18 12", (j == 1) ? "1" : ".55" } }'
  svg_close
}

# --- 12. movable type to web fonts ------------------------------------------
cover_ink_and_pixels() {
  svg_open
  cat <<EOF
<defs>
 <linearGradient id="bg" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="$PAPER2"/><stop offset="1" stop-color="$PAPER3"/></linearGradient>
 <linearGradient id="brush" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="$INK" stop-opacity=".75"/><stop offset=".6" stop-color="$INK2" stop-opacity=".3"/><stop offset="1" stop-color="$INK3" stop-opacity="0"/></linearGradient>
</defs>
<rect width="$W" height="$H" fill="url(#bg)"/>
<path d="M -60 440 C 220 300 480 470 700 360 S 1040 260 1260 300" fill="none" stroke="url(#brush)" stroke-width="90"/>
EOF
  awk -v ink="$INK" -v ink2="$INK2" -v ink3="$INK3" -v mist="$MIST" -v verm="$VERM" -v sand="$SAND" "$AWK_RND"'
  BEGIN { seed = 43
    for (c = 0; c < 18; c++) for (r = 0; r < 9; r++) { t = c / 17; x = 60 + c * 60; y = 68 + r * 60
      if (c < 6) { if (rnd() < 0.08) continue
        printf "<rect x=\"%d\" y=\"%d\" width=\"52\" height=\"52\" rx=\"3\" fill=\"%s\"/>\n", x + 4, y + 6, "#8c7a5c"
        printf "<rect x=\"%d\" y=\"%d\" width=\"52\" height=\"52\" rx=\"3\" fill=\"%s\"/>\n", x, y, "#b49a6c"
        printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"2\" fill=\"%s\" opacity=\".85\"/>\n", x + 10 + int(rnd() * 6), y + 10 + int(rnd() * 6), 18 + int(rnd() * 12), 18 + int(rnd() * 12), ink }
      else { s = int(52 - 30 * (t - 0.33) / 0.67); p = 1 - 0.55 * (t - 0.33) / 0.67; if (rnd() > p) continue
        col = (rnd() < 0.08) ? verm : ((rnd() < 0.5) ? ink2 : ink3)
        printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" opacity=\"%.2f\"/>\n", x + (52 - s) / 2, y + (52 - s) / 2, s, s, col, 0.95 - 0.4 * t } } }'
  svg_close
}

# --- 13. the magazine itself ------------------------------------------------
cover_about() {
  svg_open
  cat <<EOF
<defs>
 <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="$PAPER"/><stop offset="1" stop-color="$PAPER2"/></linearGradient>
 <linearGradient id="plate" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="$INK2"/><stop offset="1" stop-color="$INK"/></linearGradient>
</defs>
<rect width="$W" height="$H" fill="url(#bg)"/>
<circle cx="600" cy="338" r="300" fill="$SAND" opacity=".35"/>
<g transform="rotate(-11 600 640)"><rect x="392" y="92" width="420" height="520" rx="6" fill="$INK3" opacity=".9"/></g>
<g transform="rotate(6 600 640)"><rect x="392" y="92" width="420" height="520" rx="6" fill="$PAPER2" stroke="$SAND" stroke-width="2"/></g>
<rect x="402" y="86" width="420" height="520" rx="6" fill="#6b5638" opacity=".18"/>
<rect x="390" y="74" width="420" height="520" rx="6" fill="$PAPER3" stroke="$SAND" stroke-width="2"/>
<rect x="420" y="104" width="360" height="200" rx="3" fill="url(#plate)"/>
<circle cx="700" cy="170" r="34" fill="$PAPER" opacity=".9"/>
<path d="M 420 260 C 480 240 540 280 600 262 S 720 240 780 258 V 304 H 420 Z" fill="$INK3" opacity=".8"/>
<rect x="420" y="326" width="220" height="14" rx="3" fill="$VERM"/>
<rect x="704" y="518" width="50" height="50" rx="3" fill="$VERM"/>
<rect x="712" y="526" width="34" height="34" rx="2" fill="none" stroke="$PAPER3" stroke-width="3"/>
EOF
  awk -v ink3="$INK3" "$AWK_RND"'
  BEGIN { seed = 47
    for (c = 0; c < 2; c++) for (i = 0; i < 8; i++) { w = (i == 7) ? 60 + int(rnd() * 50) : 140 + int(rnd() * 32); if (c == 1 && i > 4) continue
      printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"6\" rx=\"3\" fill=\"%s\" opacity=\".5\"/>\n", 420 + c * 188, 364 + i * 22, (c == 1 && w > 170) ? 170 : w, ink3 } }'
  svg_close
}

KEYS=(bilingual-publishing cjk-spacing self-hosted-nextjs tea-and-time translating-a-tang-poem
      how-chinese-search-works city-walk-shanghai reading-time chunjie-suibi workshop-notes
      why-self-host ink-and-pixels about)

make_covers() {
  local key fn
  for key in "${KEYS[@]}"; do
    fn="cover_${key//-/_}"
    "$fn" >"$TMP/$key.svg"
    rsvg-convert -w "$W" -h "$H" -b "$PAPER" "$TMP/$key.svg" -o "$TMP/$key.png"
    cwebp -quiet -q 70 -m 6 -sharp_yuv "$TMP/$key.png" -o "$IMG/$key.webp"
    echo "cover: $IMG/$key.webp"
  done
}

# ---------------------------------------------------------------------------
# Video: a morning walk along Suzhou Creek, drawn per pixel with ffmpeg's geq.
# Layers, top to bottom: dawn sky with a rising sun, far-bank skyline scrolling
# slowly (parallax), embankment with a small walker, rippling water with the
# skyline's and the sun's reflections, a boat, and the near railing passing fast.
VW=640; VH=360; FPS=24; DUR=10

# geq expression for one colour channel; arguments are that channel's values for:
#   sky-top sky-horizon sun far-towers near-buildings embankment water-top water-deep
#   rail paving sun-glint boat walker
# hash(n): a cheap pseudo-random number in [0,1) for an integer n.
hash() { echo "(sin(($1)*12.9898)*43758.5453-floor(sin(($1)*12.9898)*43758.5453))"; }
channel_expr() {
  local skyT=$1 skyB=$2 sun=$3 far=$4 bld=$5 emb=$6 wTop=$7 wDeep=$8 rail=$9 pave=${10} glint=${11} boat=${12} walker=${13}
  # near skyline: blocks 34 px wide scrolling at 14 px/s; height for block column ld(0)
  local NEARH="(8+52*$(hash 'ld(0)'))*(0.45+0.55*gt($(hash 'ld(0)+0.5'),0.3))"
  # far skyline: narrower, taller, hazier, scrolling at 6 px/s (parallax)
  local FARH="(24+100*pow($(hash 'ld(6)+3.3'),2))"
  local SUN="st(2,hypot(X-430,Y-(86-T*2.4)))"
  local SKY="(${skyT}+(${skyB}-${skyT})*Y/190)"
  local SKYPIX="if(lt(ld(2),22),${sun},${SKY}+(${sun}-${SKY})*0.6*exp(-(ld(2)-22)/30))"
  # water: depth fraction ld(3), ripple ld(4), reflected near skyline ld(5)
  local WAT="st(3,(Y-196)/154);st(4,sin(X/17+3*sin(Y/6-T*1.9)+T*1.2));st(0,floor((X+T*14+5*sin(Y/3+T*3))/34));st(5,lt(Y-196,0.8*${NEARH}))"
  local WATPIX="(${wTop}+(${wDeep}-${wTop})*ld(3))*(1-0.2*ld(5))+9*ld(4)*(0.4+ld(3))"
  local GLINT="lt(abs(X-430+7*sin(Y/2.3+T*4)),15-8*ld(3))*gt(sin(Y*1.1+T*5),0.2)"
  local BOAT="(between(Y,246,254)*lt(abs(X-(760-T*34)),34-(Y-246)*1.6)+between(Y,236,245)*lt(abs(X-(768-T*34)),12))"
  local WALKER="lt(hypot(X-(90+T*22),Y-(186+1.5*sin(T*9))),3.6)"
  local RAILS="between(Y,316,322)+gte(Y,323)*lt(Y,350)*lt(mod(X+T*96,58),7)"
  local LAND="st(0,floor((X+T*14)/34));st(6,floor((X+T*6)/26));if(gt(Y,189-${NEARH}),${bld},if(gt(Y,189-${FARH}),${far},${SUN};${SKYPIX}))"
  echo "if(${RAILS},${rail},if(gte(Y,350),${pave},if(gte(Y,196),if(${BOAT},${boat},${WAT};if(${GLINT},${glint},${WATPIX})),if(${WALKER},${walker},if(gte(Y,189),${emb},${LAND})))))"
}

make_video() {
  local R G B vf
  #                   skyT skyB sun far bld emb wTop wDeep rail pave glint boat walker
  R=$(channel_expr    200  246  234 176 100 204 150   34   29  222  246   29  216)
  G=$(channel_expr    212  218  112 182 116 190 168   52   43  208  196   43  67)
  B=$(channel_expr    224  203  78  196 148 168 190   92   69  186  160   69  46)
  vf="geq=r='$R':g='$G':b='$B',format=yuv420p,fade=t=in:st=0:d=0.8,fade=t=out:st=$((DUR - 1)).2:d=0.8"
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i "color=c=black:s=${VW}x${VH}:r=${FPS}:d=${DUR},format=rgb24" \
    -vf "$vf" -c:v ffv1 "$TMP/walk.mkv"
  ffmpeg -hide_banner -loglevel error -y -i "$TMP/walk.mkv" -an \
    -c:v libvpx-vp9 -b:v 0 -crf 38 -row-mt 1 -deadline good -cpu-used 2 -g 48 \
    "$VID/city-walk-shanghai.webm"
  ffmpeg -hide_banner -loglevel error -y -i "$TMP/walk.mkv" -an \
    -c:v libx264 -preset veryfast -crf 23 -profile:v high -pix_fmt yuv420p -movflags +faststart \
    "$VID/city-walk-shanghai.mp4"
  ffmpeg -hide_banner -loglevel error -y -ss 4 -i "$TMP/walk.mkv" -frames:v 1 \
    -c:v libwebp -quality 75 "$IMG/city-walk-shanghai-poster.webp"
  echo "video: $VID/city-walk-shanghai.webm"

  cat >"$VID/city-walk-shanghai.zh.vtt" <<'EOF'
WEBVTT

00:00:00.000 --> 00:00:02.500
清晨七点，苏州河还没完全醒来。

00:00:02.500 --> 00:00:05.000
沿着河岸往东走，对岸的楼影在水里轻轻摇晃。

00:00:05.000 --> 00:00:07.500
晨跑的人和遛狗的人，一个个从身边经过。

00:00:07.500 --> 00:00:10.000
走到外白渡桥时，太阳已经爬上了屋顶。
EOF
  cat >"$VID/city-walk-shanghai.en.vtt" <<'EOF'
WEBVTT

00:00:00.000 --> 00:00:02.500
Seven in the morning, and Suzhou Creek is barely awake.

00:00:02.500 --> 00:00:05.000
Walking east along the bank, the far shore ripples in the water.

00:00:05.000 --> 00:00:07.500
Joggers and dog walkers pass by, one after another.

00:00:07.500 --> 00:00:10.000
By the Waibaidu Bridge, the sun is already above the rooftops.
EOF
  echo "subtitles: $VID/city-walk-shanghai.{zh,en}.vtt"
}

case "${1:-all}" in
  --covers-only) make_covers ;;
  --video-only) make_video ;;
  all) make_covers; make_video ;;
  *) echo "usage: $0 [--covers-only|--video-only]" >&2; exit 2 ;;
esac
