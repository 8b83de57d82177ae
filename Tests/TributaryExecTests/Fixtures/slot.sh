#!/bin/sh
# Runs 0.5 s holding the lowest free slot (a slot-N folder in $1) and logs the slot's
# number to $1/taken: the highest number logged is the most plugins that ran at once.
n=1
until mkdir "$1/slot-$n" 2> /dev/null; do n=$((n + 1)); done
echo "$n" >> "$1/taken"
sleep 0.5
rmdir "$1/slot-$n"
echo '{"id": "'"$n"'", "title": "slot"}'
