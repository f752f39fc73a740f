# Sourced by bin/bench-store and bin/eval-store: a real two-node OpenSearch cluster with the k-NN
# plugin (module opensearch-testcluster, built from Maven Central alone), in a JVM of its own.
#
#   recall4j_start_cluster JAVA ROOT WORK HEAP
#
# Starts it under WORK (its nodes' folders, logs and the FIFO it reads), waits until both nodes
# answer and sets cluster_pid and cluster_hosts (comma-separated HTTP addresses). The cluster stops
# when its standard input ends: the calling shell holds the FIFO's write end on fd 3, so the cluster
# stops when that shell exits, whatever the reason; recall4j_stop_cluster stops it sooner.

recall4j_start_cluster() {
  local java=$1 root=$2 work=$3 heap=$4
  local target="$root/opensearch-testcluster/target"
  if [ ! -f "$target/classpath.txt" ]; then
    echo "cluster: $target/classpath.txt is missing; build module opensearch-testcluster first" >&2
    return 1
  fi
  mkdir -p "$work"
  mkfifo "$work/stdin"
  "$java" "-Xmx$heap" --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED \
    -cp "$target/classes:$(cat "$target/classpath.txt"):$target/knn-plugin/*" \
    dev.recall4j.opensearch.testcluster.TestClusterMain 2 "$work/nodes" "$work/logs" "$work/address" \
    "recall4j-$$" <"$work/stdin" >"$work/cluster.log" 2>&1 &
  cluster_pid=$!
  exec 3>"$work/stdin"
  local tries
  for tries in $(seq 1 1800); do
    [ -f "$work/address" ] && break
    if ! kill -0 "$cluster_pid" 2>/dev/null; then
      echo "cluster: did not start; $work/cluster.log ends with:" >&2
      tail -n 40 "$work/cluster.log" >&2
      return 1
    fi
    sleep 0.1
  done
  if [ ! -f "$work/address" ]; then
    echo "cluster: did not start in 3 minutes (log $work/cluster.log)" >&2
    return 1
  fi
  cluster_hosts=$(cat "$work/address")
  echo "cluster: 2 nodes at $cluster_hosts (pid $cluster_pid, heap $heap for both)" >&2
}

recall4j_stop_cluster() {
  exec 3>&-
  if [ -n "${cluster_pid:-}" ]; then
    wait "$cluster_pid" 2>/dev/null || true
  fi
}

# A recall4j.yaml naming index INDEX on the cluster, with the defaults a user gets (one shard, one
# replica: each node holds a copy) unless SHARDS is given, and index_settings.vector_encoding ENCODING
# when given (the cluster's mapping takes it from there, as the in-process index does).
#
#   recall4j_cluster_config FILE INDEX [SHARDS] [ENCODING]
recall4j_cluster_config() {
  local file=$1 index=$2 shards=${3:-} encoding=${4:-}
  printf 'store:\n  type: opensearch\n  hosts: [%s]\n  index: %s\n' "$cluster_hosts" "$index" >"$file"
  if [ -n "$shards" ]; then
    printf '  shards: %s\n' "$shards" >>"$file"
  fi
  if [ -n "$encoding" ]; then
    printf 'index_settings:\n  vector_encoding: %s\n' "$encoding" >>"$file"
  fi
}
