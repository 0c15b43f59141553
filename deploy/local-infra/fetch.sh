#!/usr/bin/env bash
# Fetch the local infrastructure used where no Docker engine exists: a real Kafka broker
# (jars from Maven Central) and mongo-java-server, a MongoDB-wire stand-in, plus its launcher.
#
#   $CACHE/kafka-libs/*.jar     Kafka 4.x broker classpath + log4j2 binding
#   $CACHE/mongo-libs/*.jar     mongo-java-server (memory + H2 backends) + slf4j-simple
#   $CACHE/mongo-classes/       MongoWireServer.class (compiled from mongo/MongoWireServer.java)
#   $CACHE/watch-classes/       StdinWatch.class (compiled from StdinWatch.java; ends a child
#                               JVM when its parent's stdin pipe closes)
#
# CACHE = ${FORUM_INFRA_CACHE:-$HOME/.cache/forum-infra}. Idempotent: each part is redone only
# when the pom (i.e. the exact versions) or the launcher source changed. Safe to run concurrently
# (serialised with flock). Optional: FORUM_INFRA_M2_REPO=<dir> uses that Maven local repository.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CACHE="${FORUM_INFRA_CACHE:-$HOME/.cache/forum-infra}"

say() { echo "[local-infra] $*"; }
die() { echo "[local-infra] ERROR: $*" >&2; exit 1; }

hash_of() { sha256sum "$@" | sha256sum | cut -c1-16; }

ensure_tools() {
  local missing=()
  for t in java javac mvn; do command -v "$t" >/dev/null 2>&1 || missing+=("$t"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "missing: ${missing[*]} -> installing openjdk-17-jdk-headless maven via apt-get"
  if [ "$(id -u)" -ne 0 ]; then
    die "need ${missing[*]} (apt-get install -y openjdk-17-jdk-headless maven) but not running as root"
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq || die "apt-get update failed"
  apt-get install -y -qq openjdk-17-jdk-headless maven >/dev/null || die "apt-get install failed"
  for t in java javac mvn; do command -v "$t" >/dev/null 2>&1 || die "$t still missing after apt-get install"; done
}

# fetch_libs <name>: copy the runtime dependencies of $HERE/<name>/pom.xml into $CACHE/<name>-libs
fetch_libs() {
  local name="$1" pom="$HERE/$1/pom.xml"
  local dest="$CACHE/$name-libs"
  local marker="$dest/.fetched-$(hash_of "$pom")"
  if [ -f "$marker" ]; then
    say "$name-libs: up to date ($dest)"
    return 0
  fi
  say "$name-libs: fetching from Maven Central into $dest"
  local tmp="$CACHE/.$name-libs.tmp.$$"
  rm -rf "$tmp"
  local repo_args=()
  [ -n "${FORUM_INFRA_M2_REPO:-}" ] && repo_args=("-Dmaven.repo.local=$FORUM_INFRA_M2_REPO")
  local t0=$SECONDS
  if ! (cd "$HERE/$name" && mvn -q -B -Dstyle.color=never "${repo_args[@]}" dependency:copy-dependencies \
        -DincludeScope=runtime -DoutputDirectory="$tmp" >"$CACHE/.$name-mvn.log" 2>&1); then
    tail -n 40 "$CACHE/.$name-mvn.log" >&2 || true
    rm -rf "$tmp"
    die "mvn dependency:copy-dependencies failed for $pom (log: $CACHE/.$name-mvn.log)"
  fi
  ls "$tmp"/*.jar >/dev/null 2>&1 || die "no jars were copied for $name"
  touch "${marker/$dest/$tmp}"
  rm -rf "$dest"
  mv "$tmp" "$dest"
  say "$name-libs: $(ls "$dest"/*.jar | wc -l) jars in $((SECONDS - t0)) s"
}

# compile <src> <dest-dir> <classpath> [extra files whose change forces a recompile...]
compile() {
  local src="$1" dest="$2" cp="$3"; shift 3
  local marker="$dest/.src-$(hash_of "$src" "$@")"
  local name
  name="$(basename "$dest")"
  if [ -f "$marker" ]; then
    say "$name: up to date"
    return 0
  fi
  say "$name: compiling $(basename "$src")"
  local tmp="$CACHE/.$name.tmp.$$"
  rm -rf "$tmp"
  mkdir -p "$tmp"
  javac -nowarn -d "$tmp" -cp "$cp" "$src" || { rm -rf "$tmp"; die "javac failed for $src"; }
  touch "${marker/$dest/$tmp}"
  rm -rf "$dest"
  mv "$tmp" "$dest"
}

main() {
  ensure_tools
  mkdir -p "$CACHE"
  if command -v flock >/dev/null 2>&1; then
    exec 9>"$CACHE/.lock"
    flock 9 || die "cannot lock $CACHE/.lock"
  fi
  fetch_libs kafka
  fetch_libs mongo
  compile "$HERE/mongo/MongoWireServer.java" "$CACHE/mongo-classes" "$CACHE/mongo-libs/*" \
    "$CACHE/mongo-libs/.fetched-"*
  compile "$HERE/StdinWatch.java" "$CACHE/watch-classes" ""
  say "ready: $CACHE"
}

main "$@"
