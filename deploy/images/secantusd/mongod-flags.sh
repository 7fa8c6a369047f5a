#!/bin/sh
# Takes the mongod flags the component tier gives (--port, --bind_ip, --dbpath), so one command line starts
# this image and the official mongo image alike.
set -eu
port=27017
host=127.0.0.1
dbpath=/data/db
while [ "$#" -gt 0 ]; do
  case "$1" in
    --port) port=$2; shift 2 ;;
    --bind_ip) host=$2; shift 2 ;;
    --bind_ip_all) host=0.0.0.0; shift ;;
    --dbpath) dbpath=$2; shift 2 ;;
    *) echo "secantusd image: unsupported mongod flag: $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$dbpath"
exec /usr/local/bin/secantusd-rs --config /etc/secantusd/secantusd.toml \
  --host "$host" --port "$port" --storage-path "$dbpath"
