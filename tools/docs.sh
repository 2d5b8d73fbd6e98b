#!/usr/bin/env bash
# Builds the API reference from the public headers with Doxygen
# (docs/Doxyfile) into build-docs/html. Fails, listing every warning, when
# Doxygen has anything to say: an undocumented name, parameter or return
# value, or a malformed doc comment.
#
#   tools/docs.sh [OUTPUT_DIR]     default: <repo>/build-docs
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:-$root/build-docs}
command -v doxygen >/dev/null || { echo "docs.sh: doxygen is not installed" >&2; exit 1; }
mkdir -p "$out"
cd "$root"
# The Doxyfile's settings, with the output directory and a warning log
# overridden: the log is read back so that the failure names every warning.
log=$out/doxygen-warnings.log
rm -f "$log"
if ! { cat docs/Doxyfile; echo "OUTPUT_DIRECTORY = $out"; echo "WARN_LOGFILE = $log"; } |
        doxygen - >/dev/null; then
    cat "$log" >&2 || true
    echo "docs.sh: doxygen failed ($(grep -c . "$log" 2>/dev/null || echo 0) warning lines)" >&2
    exit 1
fi
if [ -s "$log" ]; then
    cat "$log" >&2
    echo "docs.sh: doxygen warned" >&2
    exit 1
fi
echo "docs.sh: API reference in $out/html/index.html"
