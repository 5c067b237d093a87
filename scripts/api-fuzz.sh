#!/usr/bin/env bash
# The public API fuzzed from its own OpenAPI document by schemathesis (issue 31): installs the pinned schemathesis from
# PyPI into a virtual environment kept under the cache folder (a later run reuses it), then runs
# apps/server/src/modules/api/public-api.api-fuzz.ts, which serves a test app with a real key and runs it twice (a
# valid key; a wrong key and none). Needs Python 3.10+ with venv. API_FUZZ_EXAMPLES bounds the cases per operation.
set -euo pipefail
cd "$(dirname "$0")/.."
SCHEMATHESIS_VERSION=4.32.5
venv="${CANDOR_TOOLS_CACHE:-$HOME/.cache/candor}/schemathesis-$SCHEMATHESIS_VERSION"
if [ ! -x "$venv/bin/st" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi
"$venv/bin/st" --version
cd apps/server
SCHEMATHESIS_BIN="$venv/bin/st" npx vitest run -c vitest.api-fuzz.config.ts
