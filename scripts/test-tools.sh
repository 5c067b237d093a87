#!/usr/bin/env bash
# The PDF readers the Document Redactor's tests prove its output with (poppler, mupdf, qpdf): installs Debian's
# packages for the ones missing (as root), since with CI=true a missing reader fails the suite rather than skipping.
# Idempotent and quiet: prints nothing when all are there.
set -euo pipefail

log() { printf '%s\n' "$*" >&2; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo -n "$@"; else
    log "test-tools: '$*' needs root; run this script as root or install the packages yourself"
    return 1
  fi
}

missing=()
{ command -v pdftotext && command -v pdftoppm; } >/dev/null || missing+=(poppler-utils)
command -v mutool >/dev/null || missing+=(mupdf-tools)
command -v qpdf >/dev/null || missing+=(qpdf)
[ ${#missing[@]} = 0 ] && exit 0

log "test-tools: installing ${missing[*]}"
as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2
