#!/bin/sh
# Fetches and unpacks the Debian source package PKG, once, and prints the
# absolute path of its unpacked source directory.
#
#   sh scripts/debian/fetch.sh PKG
#
# Cache: $PATHPROF_DEBIAN_DIR (default build/debian/src)/PKG/; a second run
# finds it there and only prints the path.  Nothing of the package goes
# into the pathprof tree outside build/.
#
# On a fresh Debian machine (run as root) it first makes the sources
# reachable:
#   * for every `deb` entry of APT's configuration (the deb822 *.sources
#     files, e.g. /etc/apt/sources.list.d/debian.sources, and one-line
#     sources.list files) whose URI, suite and component have no `deb-src`
#     counterpart, it writes one into
#     sources.list.d/pathprof-deb-src.sources (deb822 entries, copying their
#     other fields, Signed-By included) or pathprof-deb-src.list (one-line
#     entries), then runs apt-get update;
#   * installs dpkg-dev (dpkg-source unpacks the package) if missing.
# Not as root, it says which command to run instead.  The paths come from
# apt-config (Dir::Etc::sourcelist, Dir::Etc::sourceparts), so APT_CONFIG
# can point it at another configuration.
#
# It takes the newest version APT knows; if that cannot be downloaded (a
# mirror that lists the security archive's sources but does not serve
# them), the next newest, saying so on stderr.
set -eu
DEB_TOP=$(cd "$(dirname "$0")/../.." && pwd -P)
. "$DEB_TOP/scripts/debian/lib.sh"

PKG=${1:?usage: fetch.sh PKG}
case $PKG in
  *[!a-z0-9.+-]*|[!a-z0-9]*) deb_die "'$PKG' is not a Debian source package name" ;;
esac
DEST=$DEB_DIR/$PKG

# The cache hit needs no lock: the marker is written last, after the
# directory is complete.
cached ()
{
  [ -f "$DEST/.unpacked" ] || return 1
  d=$DEST/$(cat "$DEST/.unpacked")
  [ -d "$d" ] || return 1
  echo "$d"
}
cached && exit 0

# "URI SUITE COMPONENT" of every configured target of kind $1 (deb or
# deb-src), one per line.
targets ()
{
  t_out=$(apt-get indextargets --format '$(TARGET_OF) $(REPO_URI) $(RELEASE) $(COMPONENT)') \
    || return 1
  echo "$t_out" | awk -v kind="$1" '$1 == kind { sub(/\/$/, "", $2); print $2, $3, $4 }' \
    | sort -u
}

# Writes the deb-src entries that are missing; succeeds if it wrote any.
add_deb_src ()
{
  eval "$(apt-config shell LIST Dir::Etc::sourcelist/f PARTS Dir::Etc::sourceparts/d)"
  have=$(mktemp)
  targets deb-src > "$have" || deb_die "APT cannot read its sources (apt-get indextargets failed)"
  new822=$(mktemp)
  newlist=$(mktemp)
  # deb822: copy each enabled stanza of Types deb (continuation lines
  # included) with Types deb-src and only the suites some of whose
  # components lack a deb-src target.
  for f in "$PARTS"*.sources; do
    [ -f "$f" ] || continue
    case $f in */pathprof-deb-src.sources) continue ;; esac
    awk -v have="$have" '
      BEGIN { while ((getline l < have) > 0) seen[l] = 1 }
      function field(name,   i) {
        for (i = 1; i <= n; i++)
          if (tolower(key[i]) == tolower(name)) return val[i]
        return ""
      }
      function flush(   i, j, k, nt, ns, nc, nu, t, s, c, u, isdeb, keep, uri, missing) {
        if (n == 0) return
        nt = split(field("Types"), t, /[ \t]+/)
        for (i = 1; i <= nt; i++) if (t[i] == "deb") isdeb = 1
        if (!isdeb || tolower(field("Enabled")) == "no") { n = 0; return }
        nu = split(field("URIs"), u, /[ \t]+/)
        ns = split(field("Suites"), s, /[ \t]+/)
        nc = split(field("Components"), c, /[ \t]+/)
        keep = ""
        for (j = 1; j <= ns; j++) {
          if (s[j] == "") continue
          missing = 0
          for (i = 1; i <= nu; i++) for (k = 1; k <= nc; k++) {
            uri = u[i]; sub(/\/$/, "", uri)
            if (uri != "" && c[k] != "" && !((uri " " s[j] " " c[k]) in seen))
              missing = 1
          }
          if (!missing) continue
          keep = keep " " s[j]
          for (i = 1; i <= nu; i++) for (k = 1; k <= nc; k++) {
            uri = u[i]; sub(/\/$/, "", uri)
            if (uri != "" && c[k] != "") {
              seen[uri " " s[j] " " c[k]] = 1
              print uri, s[j], c[k] >> have
            }
          }
        }
        if (keep != "") {
          print "# from " FILENAME
          for (i = 1; i <= n; i++) {
            if (tolower(key[i]) == "types") print "Types: deb-src"
            else if (tolower(key[i]) == "suites") print "Suites:" keep
            else print key[i] ":" raw[i]
          }
          print ""
        }
        n = 0
      }
      /^#/ { next }
      /^[ \t]*$/ { flush(); next }
      /^[ \t]/ { raw[n] = raw[n] "\n" $0; val[n] = val[n] " " $0; next }
      {
        n++; key[n] = $0; sub(/:.*/, "", key[n])
        raw[n] = $0; sub(/^[^:]*:/, "", raw[n])
        val[n] = raw[n]; gsub(/^[ \t]+|[ \t]+$/, "", val[n])
      }
      END { flush() }' "$f" >> "$new822"
  done
  # One-line format: "deb [options] URI SUITE COMPONENT..." becomes
  # "deb-src [options] URI SUITE MISSING-COMPONENT...".
  for f in "$LIST" "$PARTS"*.list; do
    [ -f "$f" ] || continue
    case $f in */pathprof-deb-src.list) continue ;; esac
    awk -v have="$have" '
      BEGIN { while ((getline l < have) > 0) seen[l] = 1 }
      $1 != "deb" { next }
      {
        line = $0; sub(/^deb[ \t]+/, "", line)
        opts = ""
        if (line ~ /^\[/) { opts = line; sub(/\].*/, "] ", opts); sub(/^[^\]]*\][ \t]*/, "", line) }
        n = split(line, w, /[ \t]+/)
        uri = w[1]; sub(/\/$/, "", uri)
        comps = ""
        for (k = 3; k <= n; k++)
          if (w[k] != "" && !((uri " " w[2] " " w[k]) in seen)) {
            comps = comps " " w[k]
            seen[uri " " w[2] " " w[k]] = 1
            print uri, w[2], w[k] >> have
          }
        if (comps != "") print "deb-src " opts w[1] " " w[2] comps
      }' "$f" >> "$newlist"
  done
  rm -f "$have"
  wrote=1
  if [ -s "$new822" ] || [ -s "$newlist" ]; then
    [ "$(id -u)" = 0 ] || deb_die "APT has no deb-src entries for $PKG's mirror; as root, run: sh $0 $PKG"
    if [ -s "$new822" ]; then
      { echo "# Added by pathprof's scripts/debian/fetch.sh: the source packages"
        echo "# of the configured mirrors (apt-get source)."
        cat "$new822"; } >> "${PARTS}pathprof-deb-src.sources"
      echo "pathprof-debian: added deb-src entries to ${PARTS}pathprof-deb-src.sources" >&2
    fi
    if [ -s "$newlist" ]; then
      { echo "# Added by pathprof's scripts/debian/fetch.sh."
        cat "$newlist"; } >> "${PARTS}pathprof-deb-src.list"
      echo "pathprof-debian: added deb-src entries to ${PARTS}pathprof-deb-src.list" >&2
    fi
    wrote=0
  fi
  rm -f "$new822" "$newlist"
  return $wrote
}

fetch ()
{
  cached && return 0
  updated=no
  if add_deb_src; then
    apt-get update -q > /dev/null || deb_die "apt-get update failed"
    updated=yes
  fi
  deb_need dpkg-dev
  if ! apt-cache showsrc "$PKG" 2> /dev/null | grep -q '^Version:'; then
    [ $updated = no ] && [ "$(id -u)" = 0 ] && apt-get update -q > /dev/null
    apt-cache showsrc "$PKG" 2> /dev/null | grep -q '^Version:' \
      || deb_die "no source package '$PKG' in APT's deb-src entries"
  fi
  # Newest version first; an older one only if the newest cannot be
  # downloaded (a mirror without the security archive's pool).
  versions=$(apt-cache showsrc "$PKG" | sed -n 's/^Version: //p' | sort -u)
  ordered=
  while [ -n "$versions" ]; do
    best=
    for v in $versions; do
      if [ -z "$best" ] || dpkg --compare-versions "$v" gt "$best"; then
        best=$v
      fi
    done
    ordered="$ordered $best"
    versions=$(echo "$versions" | grep -vxF "$best" || true)
  done
  rm -rf "$DEST" "$DEST.log"
  got=
  for v in $ordered; do
    rm -rf "$DEST.tmp"
    mkdir -p "$DEST.tmp"
    # apt-get source runs dpkg-source -x, which unpacks and applies
    # Debian's patches.
    if (cd "$DEST.tmp" && apt-get source -q "$PKG=$v") >> "$DEST.log" 2>&1; then
      got=$v
      break
    fi
    echo "pathprof-debian: cannot download $PKG $v (log: $DEST.log)" >&2
  done
  if [ -z "$got" ]; then
    tail -20 "$DEST.log" >&2
    rm -rf "$DEST.tmp"
    deb_die "apt-get source $PKG failed for every version:$ordered (log: $DEST.log)"
  fi
  dirs=$(find "$DEST.tmp" -mindepth 1 -maxdepth 1 -type d)
  [ "$(echo "$dirs" | wc -l)" = 1 ] && [ -n "$dirs" ] \
    || deb_die "apt-get source $PKG did not unpack exactly one directory"
  mv "$DEST.tmp" "$DEST"
  basename "$dirs" > "$DEST/.unpacked"
  cached
}

if [ "${PATHPROF_DEBIAN_LOCKED:-}" = 1 ]; then
  fetch
else
  deb_locked sh "$0" "$PKG"
fi
