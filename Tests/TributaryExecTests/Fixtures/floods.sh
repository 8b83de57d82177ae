#!/bin/sh
# Writes output without end.
yes '{"id": "x", "title": "flood"}'
