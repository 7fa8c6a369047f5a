#!/bin/sh
# Writes server.properties from the KAFKA_* variables as the apache/kafka image does (KAFKA_NODE_ID is
# node.id; in a name `___` stands for `-` and `__` for `_`), formats the KRaft log dir once with CLUSTER_ID,
# and runs the broker in the foreground.
set -eu
props=/opt/kafka/server.properties
env | grep '^KAFKA_' \
  | grep -Ev '^KAFKA_(HEAP_OPTS|OPTS|JVM_PERFORMANCE_OPTS|LOG4J_OPTS|JMX_OPTS|GC_LOG_OPTS|VERSION)=' \
  | while IFS='=' read -r name value; do
      key=$(printf '%s' "${name#KAFKA_}" | tr 'A-Z' 'a-z' | sed -e 's/___/-/g' -e 's/__/%/g' -e 's/_/./g' -e 's/%/_/g')
      printf '%s=%s\n' "$key" "$value"
    done >"$props"
classpath='/opt/kafka/lib/*'
log_dir=$(sed -n 's/^log\.dirs=//p' "$props")
log_dir=${log_dir%%,*}
# Formatted once: a container stopped and started again keeps its data (and skips a JVM start).
if [ ! -f "${log_dir:-/tmp/kraft-combined-logs}/meta.properties" ]; then
  java -cp "$classpath" kafka.tools.StorageTool format -t "${CLUSTER_ID:?CLUSTER_ID is required}" -c "$props" -g
fi
# shellcheck disable=SC2086 # the options are lists of JVM flags
exec java ${KAFKA_HEAP_OPTS} -XX:+UseG1GC -Djava.awt.headless=true \
  -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
  -Dorg.slf4j.simpleLogger.log.kafka.server.KafkaRaftServer=info \
  -Dorg.slf4j.simpleLogger.showDateTime=true \
  ${KAFKA_OPTS:-} -cp "$classpath" kafka.Kafka "$props"
