#!/bin/sh
# Hangs, leaving a setsid'd grandchild behind; writes both process ids into the folder $1.
setsid sh -c 'echo $$ > "$1/grandchild.tmp" && mv "$1/grandchild.tmp" "$1/grandchild" && exec sleep 300' sh "$1" \
  < /dev/null > /dev/null 2>&1 &
echo $$ > "$1/plugin.tmp" && mv "$1/plugin.tmp" "$1/plugin"
echo "fixture: hanging" >&2
exec sleep 300
