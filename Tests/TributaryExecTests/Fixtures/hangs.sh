#!/bin/sh
# Never finishes; a child in the same process group sleeps too.
sleep 300 &
echo "fixture: hanging" >&2
sleep 300
