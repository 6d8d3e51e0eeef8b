#!/bin/sh
# Makes the PDF report's fonts (renderer/src/features/reports/pdf/fonts/) from Inter in
# @expo-google-fonts/inter: every glyph and character stays, the OpenType layout keeps only
# kerning and mark positioning. Inter's contextual alternates ('calt', 'ccmp', 'locl' and the
# stylistic sets) cost most of the shaping time in fontkit and are not what a report needs
# (docs/performance.md, "The PDF report of a 500-card project"). The files are committed; run
# this only to update them. Needs fontTools (Debian: apt-get install python3-fonttools).
set -eu
cd "$(dirname "$0")/.."
FROM=../node_modules/@expo-google-fonts/inter
TO=src/features/reports/pdf/fonts
for weight in 400Regular 700Bold; do
  name=$(echo "$weight" | sed 's/^[0-9]*//')
  python3 -m fontTools.subset "$FROM/$weight/Inter_$weight.ttf" --unicodes='*' \
    --layout-features='kern,mark,mkmk' --name-IDs='*' --name-languages='*' --notdef-outline \
    --output-file="$TO/Inter-Report-$name.ttf"
done
cp "$FROM/LICENSE_FONT" "$TO/OFL.txt"
