#!/usr/bin/env bash
# Rewrite a corpus case's after/ from its before/ with the tool, and write its record snapshot
# (records.txt) when it has none (then read the diff before committing: the case's after/ is a
# claim the compile tier checks, and records.txt pins every record's place, rule, safety, message).
#   tests/regen_case.sh RULE/CASE [source] [--accept]
#     source    the source rules only (cases filed under a source rule)
#     --accept  overwrite an existing records.txt that differs (without it, the diff is shown and
#               the old snapshot kept: a wrong safety is never baked in silently)
set -euo pipefail
cd "$(dirname "$0")/.."
c=""; mode=""; accept=""
for a in "$@"; do
  case "$a" in
    --accept) accept=--accept ;;
    source) mode=source ;;
    *) c=$a ;;
  esac
done
[ -n "$c" ] || { echo "usage: tests/regen_case.sh RULE/CASE [source] [--accept]" >&2; exit 2; }
SRC=()
if [ "$mode" = source ]; then
  while read -r id; do SRC+=(--select "$id"); done < <(.venv/bin/python -c "from codemods import RULES; [print(r.id) for r in RULES]")
fi
ENABLE=$(python3 -c "import tomllib,sys; print(' '.join('--enable '+e for e in tomllib.load(open('corpus/$c/case.toml','rb')).get('enable',[])))" 2>/dev/null || true)
PATCHES=$(python3 -c "import tomllib; print('--write-config-patches' if tomllib.load(open('corpus/$c/case.toml','rb')).get('config_patches') else '')" 2>/dev/null || true)
tmp=$(mktemp -d)
cp -r "corpus/$c/before" "$tmp/case"
.venv/bin/burnmigrate apply --allow-dirty --allow-no-vcs --no-progress "${SRC[@]}" $ENABLE $PATCHES "$tmp/case" > "$tmp/out.txt" 2>&1 || { cat "$tmp/out.txt"; exit 1; }
rm -rf "$tmp/case/.burnmigrate" "corpus/$c/after"
cp -r "$tmp/case" "corpus/$c/after"
cat "$tmp/out.txt"
rm -rf "$tmp"
git diff --stat -- "corpus/$c/after"
.venv/bin/python tests/corpus_cases.py snapshot "$c" $accept
