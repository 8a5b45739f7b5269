# sqlite3 (Debian source package sqlite3): the SQLite library, built as
# the amalgamation sqlite3.c (one 250,000-line translation unit, generated
# with tclsh), its shell, its fuzz testers and its benchmark speedtest1.
# Large functions with many paths: sqlite3VdbeExec (the bytecode engine,
# one switch of ~190 opcodes), the LALR parser yy_reduce, the query
# planner (whereLoopAddBtreeIndex, sqlite3WhereBegin), the B-tree balancer
# balance_nonroot, printf's sqlite3_str_vappendf; small ones: varint
# coding, the memory and mutex wrappers.  Slow to build: sqlite3.c is
# compiled four times (library, fuzzcheck, sessionfuzz, speedtest1),
# about 70 s at -O2 on 2 cores without the plugin.
DEB_PACKAGE=sqlite3
DEB_NEEDS="make python3 tcl zlib1g-dev"

build ()
{
  cd "$2"
  # An out-of-tree build.  libtool's configure tests link without LIBS,
  # hence the wrapper.  Static only: libtool would otherwise compile
  # sqlite3.c twice more for the shared library.
  deb_cc_with_libs
  "$1/configure" --quiet --disable-shared --disable-tcl --enable-readline=no \
    --enable-fts4 --enable-rtree
  make -j"$DEB_JOBS" sqlite3.c
  make -j"$DEB_JOBS" sqlite3 fuzzcheck sessionfuzz speedtest1
}

# "make fuzztest": fuzzcheck runs the ~46,000 SQL and database cases of
# test/fuzzdata*.db (each must not crash or leak), sessionfuzz the session
# extension's cases.  -o: never rebuild.
check ()
{
  make -C "$1" -o fuzzcheck -o sessionfuzz fuzztest
}

sql ()
{
  "$DEB_OUT/sqlite3" -batch "$@"
}

# speedtest1 without its timings.
speedtest ()
{
  "$DEB_OUT/speedtest1" "$@" | sed -e 's/ *[0-9]*\.[0-9]*s$//'
}

# SQL through the shell: tables filled by recursive CTEs, joins, grouping,
# window functions, JSON, full-text search, R-trees, printf, constraint and
# syntax errors, .dump and .schema; and queries on the package's own fuzz
# database (test/fuzzdata1.db).
workload_test ()
{
  d=$2 s=$(deb_source)
  cat > "$d/schema.sql" <<'EOF'
CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT, c REAL, d BLOB);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
  INSERT INTO t SELECT i, printf('row%05d', i * 7919 % 2000), i / 7.0, zeroblob(i % 17) FROM n;
CREATE INDEX tb ON t(b);
CREATE TABLE u(x INTEGER, y TEXT UNIQUE, FOREIGN KEY(x) REFERENCES t(a));
INSERT INTO u SELECT a % 100, 'u' || a FROM t WHERE a % 3 = 0;
EOF
  cat > "$d/queries.sql" <<'EOF'
SELECT count(*), sum(c), min(b), max(b), total(length(d)) FROM t;
SELECT x, count(*), group_concat(y, ',') FROM u GROUP BY x HAVING count(*) > 6 ORDER BY 2 DESC, 1 LIMIT 5;
SELECT t.a, u.y FROM t JOIN u ON u.x = t.a WHERE t.b LIKE 'row0001%' ORDER BY 1, 2;
SELECT a, sum(c) OVER (ORDER BY a ROWS BETWEEN 2 PRECEDING AND CURRENT ROW), rank() OVER (PARTITION BY a % 5 ORDER BY b) FROM t WHERE a < 12;
SELECT json_object('a', a, 'b', b), json_array_length(json_array(a, b, c)) FROM t WHERE a IN (1, 500, 1999);
SELECT b FROM t WHERE a BETWEEN 100 AND 110 EXCEPT SELECT b FROM t WHERE a % 2 = 0;
SELECT CASE WHEN a % 15 = 0 THEN 'fizzbuzz' WHEN a % 5 = 0 THEN 'buzz' ELSE a END FROM t LIMIT 20;
CREATE VIRTUAL TABLE f USING fts4(body);
INSERT INTO f SELECT b || ' ' || printf('%x %o %e', a, a, c) FROM t;
SELECT count(*) FROM f WHERE f MATCH 'row00* OR 1f';
CREATE VIRTUAL TABLE r USING rtree(id, x0, x1, y0, y1);
INSERT INTO r SELECT a, c, c + 1, a % 50, a % 50 + 3 FROM t;
SELECT count(*) FROM r WHERE x0 < 100 AND x1 > 90 AND y0 < 10;
INSERT INTO u VALUES (1, 'u3');
SELEC 1;
SELECT substr(b, 2, 3), upper(b), hex(d), typeof(d), round(c, 2), abs(-a), quote(b) FROM t WHERE a % 400 = 0;
EOF
  deb_run "$d" shell "cd '$d' && sql -bail shell.db < schema.sql && sql -echo shell.db < queries.sql"
  deb_run "$d" dump "cd '$d' && sql shell.db .dump | md5sum && sql shell.db .schema"
  deb_run "$d" csv "cd '$d' && sql -csv -header shell.db 'SELECT * FROM t WHERE a < 30'"
  deb_run "$d" integrity "cd '$d' && sql shell.db 'PRAGMA integrity_check; VACUUM; ANALYZE; SELECT * FROM sqlite_stat1 ORDER BY 1, 2;'"
  deb_run "$d" fuzzdata "sql -readonly '$s/test/fuzzdata1.db' '.tables' 'SELECT count(*), sum(length(sqltext)) FROM xsql'"
  deb_run "$d" notadb "sql '$s/README.md' 'SELECT 1'"
}

# speedtest1's own SQL scripts (--script: the main, cte, orm and fp test
# sets at size 10), run through the shell, and speedtest1 itself on an
# in-memory database.
workload_field ()
{
  d=$2
  for t in main cte orm fp; do
    "$DEB_OUT/speedtest1" --testset $t --size 10 --script "$d/$t.sql" \
      "$d/gen-$t.db" > /dev/null
    deb_run "$d" "script-$t" "cd '$d' && sql script-$t.db < $t.sql | md5sum"
  done
  deb_run "$d" speedtest "speedtest --size 10 --memdb --testset main"
  deb_run "$d" rtree "speedtest --size 10 --memdb --testset rtree"
}

# speedtest1, SQLite's own benchmark, on an in-memory database at size
# 100 (quick: 10), main and orm test sets.
workload_bench ()
{
  d=$2 size=100
  [ "${3:-}" = quick ] && size=10
  deb_run "$d" main "speedtest --size $size --memdb --testset main"
  deb_run "$d" orm "speedtest --size $size --memdb --testset orm"
}
