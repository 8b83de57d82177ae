#!/bin/sh
echo '{"id": "1", "title": "Fine"}'
echo '{"id": "2", "title": "Bad date", "published": "yesterday"}'
