# shellcheck shell=bash
# Finds a JDK of version 21 or newer (Lucene 10 needs 21): JAVA_HOME if suitable, else `java` on the
# PATH, else the newest one in the usual install folders. Prints the java binary's path, or one line
# saying what to install and returns 1.

recall4j_java_version() {
  # The JDK's `release` file answers without starting a JVM (about 0.2 s each), read with shell
  # builtins only: this runs before every command.
  local java=$1 home line version=""
  [ -L "$java" ] && java=$(readlink -f "$java")
  home=${java%/bin/java}
  if [ "$home" != "$java" ] && [ -f "$home/release" ]; then
    while IFS= read -r line; do
      case "$line" in
        JAVA_VERSION=*)
          version=${line#JAVA_VERSION=\"}
          version=${version%%\"*}
          break
          ;;
      esac
    done <"$home/release"
    case "$version" in 1.*) version=${version#1.} ;; esac # 1.8.0 -> 8
  fi
  if [ -z "$version" ]; then
    version=$("$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p' | head -n 1)
  fi
  printf '%s\n' "$version"
}

recall4j_major_version() {
  local version
  version=$(recall4j_java_version "$1")
  version=${version%%.*}
  [[ "$version" =~ ^[0-9]+$ ]] && printf '%s\n' "$version"
}

recall4j_find_java() {
  local candidate version best="" best_version=0
  # The one the user chose wins when it is suitable.
  for candidate in "${JAVA_HOME:+$JAVA_HOME/bin/java}" "$(command -v java 2>/dev/null || true)"; do
    [ -n "$candidate" ] && [ -x "$candidate" ] || continue
    version=$(recall4j_major_version "$candidate") || continue
    if [ "$version" -ge 21 ]; then
      printf '%s\n' "$candidate"
      return 0
    fi
  done
  # Otherwise the newest installed one.
  for dir in /usr/lib/jvm/* /usr/local/lib/jvm/* /opt/java/* /opt/*jdk* "$HOME"/.sdkman/candidates/java/* \
             "$HOME"/.jdks/* /Library/Java/JavaVirtualMachines/*/Contents/Home; do
    candidate="$dir/bin/java"
    [ -x "$candidate" ] || continue
    version=$(recall4j_major_version "$candidate") || continue
    if [ "$version" -ge 21 ] && [ "$version" -gt "$best_version" ]; then
      best=$candidate
      best_version=$version
    fi
  done
  if [ -z "$best" ]; then
    echo "recall4j: needs a JDK 21 or newer and found none (JAVA_HOME, PATH, /usr/lib/jvm); install one, e.g. 'apt-get install openjdk-21-jdk' or Temurin 21, or set JAVA_HOME to it" >&2
    return 1
  fi
  printf '%s\n' "$best"
}
