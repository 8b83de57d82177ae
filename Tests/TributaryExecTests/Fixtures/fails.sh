#!/bin/sh
echo "fixture: working" >&2
echo "fixture: token rejected, check MY_TOKEN" >&2
exit 3
