"""Text and data size of what a build links: every ELF executable and
shared library under its build directory (relocatable objects and
archives are left out: they would count the same code twice), measured
with binutils' `size` (Berkeley format: text is every read-only
allocated section, data the writable ones, bss the zero-initialized ones,
where gcov's and pathprof's counters live)."""

import os
import subprocess

ELF_MAGIC = b"\x7fELF"
ET_EXEC, ET_DYN = 2, 3


def linked_elf_files(root):
    """The ELF executables and shared libraries under ROOT (regular
    files, symbolic links left out), sorted, relative to ROOT."""
    found = []
    for d, dirs, files in os.walk(root):
        dirs.sort()
        for f in sorted(files):
            path = os.path.join(d, f)
            if os.path.islink(path) or not os.path.isfile(path):
                continue
            with open(path, "rb") as fh:
                head = fh.read(18)
            if len(head) < 18 or head[:4] != ELF_MAGIC:
                continue
            # e_type follows the 16-byte e_ident, in the file's byte order.
            order = "little" if head[5] == 1 else "big"
            if int.from_bytes(head[16:18], order) in (ET_EXEC, ET_DYN):
                found.append(os.path.relpath(path, root))
    return found


def measure(root):
    """{"files": [...], "text": N, "data": N, "bss": N} summed over the
    linked ELF files under ROOT."""
    files = linked_elf_files(root)
    total = {"text": 0, "data": 0, "bss": 0}
    if files:
        out = subprocess.run(["size"] + files, cwd=root, check=True,
                             capture_output=True, text=True).stdout
        lines = out.splitlines()
        # Header "text data bss dec hex filename", then one line per file.
        if len(lines) != len(files) + 1 or lines[0].split()[:3] != [
                "text", "data", "bss"]:
            raise RuntimeError("unexpected output of size in %s:\n%s"
                               % (root, out))
        for line in lines[1:]:
            text, data, bss = (int(x) for x in line.split()[:3])
            total["text"] += text
            total["data"] += data
            total["bss"] += bss
    total["files"] = files
    return total
