"""The wheels the kernel's start needs, merged into one archive the worker writes itself.

Pyodide loaded about twenty wheels one by one as the kernel started, each fetched, checked and
unpacked by Python (``zipfile`` in WebAssembly): a second or more of every start. The build now
merges their files into ``pyodide/site-packages.tar.gz`` (a plain ustar archive, gzipped once,
byte-identical on rebuild), and the kernel's worker (``lite/web/site-packages.js``, inlined as
loadPyodide's ``fsInit``) fetches it beside the WebAssembly compile, checks its SHA-256,
gunzips it with the browser's own ``DecompressionStream`` and writes the files into
site-packages before CPython starts; those packages are then marked as loaded.

Their entries stay in the site's lock (its ``file_name`` and ``sha256`` are the archive's, which
Pyodide could unpack too), so a cell importing one of them finds it loaded. Wheels not needed at
the start (``NOT_PRELOADED`` in ``lite/build.py``) stay wheels, loaded if a cell imports them.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import re
import tarfile
import zipfile
from pathlib import Path

NAME = "site-packages.tar.gz"
SNAPSHOT = "snapshot.bin.gz"
SCRIPT = Path(__file__).resolve().parent / "web" / "site-packages.js"
# In the Pyodide kernel's worker: its call of loadPyodide, and the line right after it returns.
CALL = re.compile(r"(\{pyodideUrl:(\w+),indexUrl:(\w+)\}=\w+;.{0,200}?"
                  r"this\._pyodide=await )(\w+)(\(\{indexURL:\3,)")
AFTER = ("this._pyodide._api.on_fatal=",
         ("self.oracleLitePyodide=this._pyodide,"
          "Object.assign(this._pyodide.loadedPackages,self.oracleLitePackages||{}),"
          # a restored interpreter's random module would repeat the snapshot's sequence, and
          # its time module would tell the build machine's time zone
          "self.oracleLiteSnapshot&&this._pyodide.runPython('import random,time\\n"
          "random.seed()\\ngetattr(time,\"tzset\",int)()'),"
          "this._pyodide._api.on_fatal="))
# If restoring the snapshot fails, the ordinary start (its archive already fetched).
RETRY = ("((load)=>(o)=>load(o).catch((error)=>{if(!self.oracleLiteSnapshot){throw error;}"
         "console.warn('oracle lite: the snapshot did not restore; starting afresh',error);"
         "self.oracleLiteSnapshot=false;const{_loadSnapshot,_snapshotDeserializer,...rest}=o;"
         "return load(rest);}))")


def merge(wheels: list[Path], target: Path) -> tuple[str, str]:
    """Every file of ``wheels`` (their site-packages layout) as one gzipped ustar archive at
    ``target``; the SHA-256s of the gzip file and of the tar inside it."""
    files: dict[str, bytes] = {}
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            for info in archive.infolist():
                if info.is_dir():
                    continue
                if info.filename in files:
                    raise SystemExit(f"lite: {info.filename} is in two wheels ({wheel.name}).")
                files[info.filename] = archive.read(info)
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for name, data in sorted(files.items()):
            member = tarfile.TarInfo(name)
            member.size, member.mode, member.mtime = len(data), 0o644, 0
            member.uname = member.gname = ""
            tar.addfile(member, io.BytesIO(data))
    packed = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=packed, mtime=0, compresslevel=9) as out:
        out.write(raw.getvalue())
    target.write_bytes(packed.getvalue())
    return (hashlib.sha256(packed.getvalue()).hexdigest(),
            hashlib.sha256(raw.getvalue()).hexdigest())


def worker_code(names: list[str], digests: tuple[str, str], snapshot: str) -> str:
    """The function of ``lite/web/site-packages.js`` with this build's values filled in."""
    lines = SCRIPT.read_text().splitlines()
    code = "\n".join(lines[next(i for i, line in enumerate(lines) if not line.startswith("//")):])
    for key, value in (("__URL__", NAME), ("__GZ_SHA256__", digests[0]),
                       ("__TAR_SHA256__", digests[1]), ("__NAMES__", json.dumps(names)),
                       ("__SNAPSHOT__", SNAPSHOT), ("__SNAPSHOT_SHA256__", snapshot)):
        if key not in code:
            raise SystemExit(f"lite: {SCRIPT.name} has no {key}.")
        code = code.replace(key, value)
    return code


def patch_worker(static: Path, names: list[str], digests: tuple[str, str],
                 snapshot: str) -> None:
    """Give every copy of the kernel's loadPyodide call (in ``static``'s scripts) the archive
    and the snapshot (its SHA-256: ``snapshot``)."""
    code = worker_code(names, digests, snapshot)
    patched = 0
    for path in sorted(static.glob("*.js")):
        text = path.read_text()
        if not CALL.search(text):
            continue
        if AFTER[0] not in text:
            raise SystemExit(f"lite: {path.name} no longer reads as lite/archive.py expects.")
        text = CALL.sub(lambda m: (f"{m.group(1)}{RETRY}({m.group(4)}){m.group(5)}"
                                   f"...(await ({code})({m.group(3)}||{m.group(2)})),"), text)
        path.write_text(text.replace(*AFTER))
        patched += 1
    if not patched:
        raise SystemExit("lite: the Pyodide kernel no longer calls loadPyodide as lite/archive.py "
                         "expects.")
