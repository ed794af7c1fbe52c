"""Build the browser edition into ``build/lite/`` (``make lite``).

Everything comes from package registries (PyPI, npm) at exact versions, or from this repository:

1. the build tools (voici-core, jupyterlite, the Pyodide kernel) at the pins of
   ``lite/requirements.txt``, in their own venv under ``~/.cache/oracle-lite`` (``ORACLE_LITE_CACHE``),
   kept between clones with the downloads of steps 2 and 3, which are checked again every build;
2. Pyodide's core from npm (``pyodide``) and SQLite's WebAssembly build (``@sqlite.org/sqlite-wasm``),
   each tarball checked against its pinned sha512;
3. the Python wheels the app needs, from PyPI, each pinned here by version and SHA-256: those Pyodide
   0.28.3 ships at the versions its lock names (checked against the lock; Pyodide re-packs its own
   copies, so their bytes differ from PyPI's), and ipywidgets and comm; MarkupSafe's
   pure-Python part is packed from its PyPI source; oracle, the ``sqlite3`` stand-in and the
   edition's boot are packed from this repository;
4. ``pyodide/`` in the site: the core (its standard library without the single-byte codecs, with
   bytecode for what the start imports),
   those wheels with bytecode for what the start imports (``lite/pyc.py``), those the kernel's
   start needs merged into one archive its worker writes into site-packages itself
   (``lite/archive.py``), and a lock file listing only them (nothing is fetched from PyPI
   or a CDN at run time);
5. ``voici build`` of the edition's notebook, then every page's config is fixed (Pyodide's address,
   no PyPI fallback), the kernel's worker is given the archive, CDN links are removed, and the
   service worker, manifest, icons and start page are written. Nothing in the output names a CDN.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LITE = ROOT / "lite"
WORK = ROOT / "build" / "lite-work"
OUT = ROOT / "build" / "lite"
# Downloads and the tools' venv are kept between clones (each file is checked again every build).
CACHE = Path(os.environ.get("ORACLE_LITE_CACHE") or Path.home() / ".cache" / "oracle-lite")

NPM = {  # package: (version, file in the tarball's package/ we take, sha512 of the tarball)
    "pyodide": ("0.28.3", "sha512-rtCsyTU55oNGpLzSVuAd55ZvruJDEX8o6keSdWKN9jPeBVSNlynaKFG7eRqkiIgU7i2M6HEgYtm0atCEQX3u4A=="),
    "@sqlite.org/sqlite-wasm": ("3.50.4-build1",
                                "sha512-Qig2Wso7gPkU1PtXwFzndh+CTRzrIFxVGqv6eCetjU7YqxlHItj+GvQYwYTppCRgAPawtRN/4AJcEgB9xDHGug=="),
}
PYODIDE_FILES = ["pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip"]
SQLITE_FILES = ["sqlite3.mjs", "sqlite3.wasm"]

# Wheels from PyPI at exact versions and SHA-256s. Those Pyodide's lock lists are at the version
# Pyodide 0.28.3 ships (checked at build time); Pyodide re-packs its copies, so their bytes (and
# the lock's SHA-256s) differ from PyPI's, and the SHA-256s pinned here are PyPI's files.
FROM_LOCK = {
    "ipython": ("9.0.2", "143ef3ea6fb1e1bffb4c74b114051de653ffb7737a3f7ab1670e657ca6ae8c44"),
    "asttokens": ("3.0.0", "e3078351a059199dd5138cb1c706e6430c05eff2ff136af5eb4790f9d28932e2"),
    "decorator": ("5.2.1", "d316bb415a2d9e2d2b3abcc4084c6502fc09240e292cd76a76afc106a1c8e04a"),
    "executing": ("2.2.0", "11387150cad388d62750327a53d3339fad4888b39a6fe233c3afbb54ecffd3aa"),
    "matplotlib-inline": ("0.1.7",
                          "df192d39a4ff8f21b1895d72e6a13f5fcc5099f00fa84384e0ea28c2cc0653ca"),
    "prompt-toolkit": ("3.0.50",
                       "9b6427eb19e479d98acff65196a307c555eb567989e6d88ebbb1b509d9779198"),
    "pure-eval": ("0.2.3", "1db8e35b67b3d218d818ae653e27f06c3aa420901fa7b081ca98cbedc874e0d0"),
    "pygments": ("2.19.1", "9ea1544ad55cecf4b8242fab6dd35a93bbce657034b0611ee383099054ab6d8c"),
    "six": ("1.17.0", "4721f391ed90541fddacab5acf947aa0d3dc7d27b2e1e8eda2be8970586c3274"),
    "stack-data": ("0.6.3", "d5558e0c25a4cb0853cddad3d77da9891a08cb85dd9f9f91b9f8cd66e511e695"),
    "traitlets": ("5.14.3", "b74e89e397b1ed28cc831db7aea759ba6640cb3de13090ca145426688ff1ac4f"),
    "wcwidth": ("0.2.13", "3da69048e4540d84af32131829ff948f1e022c1c6bdb8d6102117aac784f6859"),
    "jinja2": ("3.1.6", "85ece4451f492d0c13c5dd7c13a64681a86afae63a5f347908daf103ce6d2f67"),
    "platformdirs": ("4.3.6", "73e575e1408ab8103900836b97580d5307456908a03e92031bab39e4554cc3fb"),
}
# Wheels Pyodide does not carry: (version, top-level module, SHA-256 of PyPI's file). (segno,
# the LAN table's QR code, is not among them: the LAN table needs the server.)
EXTRA = {
    "ipywidgets": ("8.1.7", "ipywidgets",
                   "764f2602d25471c213919b8a1997df04bef869251db4ca8efba1b76b1bd9f7bb"),
    "comm": ("0.2.3", "comm", "c615d91d75f7f04f095b30d1c1711babd43bdc6419c1be9886a85f2f4e489417"),
}
MARKUPSAFE = ("3.0.2", "ee55d3edf80167e48ea11a923c7386f4669df67d7994554387f84e7d8b0a2bf0")  # sdist: its pure-Python modules become a py3-none-any wheel
# (piplite, micropip and packaging serve only %pip, which the app never runs: not in the site.)
KERNEL_WHEELS = ["pyodide_kernel", "ipykernel", "widgetsnbextension-4"]
# In the site (and its lock, so a cell importing them would load them) but not loaded as the kernel
# starts, nor as others' dependencies: only IPython's terminal front end (IPython.embed) and
# matplotlib's display use them.
NOT_PRELOADED = {"prompt-toolkit", "wcwidth", "matplotlib-inline", "widgetsnbextension"}
CDN = re.compile(r"https?://(cdn\.jsdelivr\.net|cdnjs\.cloudflare\.com|unpkg\.com|"
                 r"fonts\.googleapis\.com|fonts\.gstatic\.com|pypi\.org|files\.pythonhosted\.org)"
                 r"[^\"'`$\s)<>]*")
# Pyodide's default address for packages (used only without a local index): the local index.
PYODIDE_CDN = ("r.cdnUrl=O(r.packageBaseUrl??`https://cdn.jsdelivr.net/pyodide/v${L}/full/`)",
               "r.cdnUrl=O(r.packageBaseUrl??t)")
EPOCH = (2020, 1, 1, 0, 0, 0)


def say(text: str) -> None:
    print(f"lite: {text}", flush=True)


def fail(text: str) -> None:
    print(f"lite: {text}", file=sys.stderr)
    raise SystemExit(2)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def run(*command: str | Path, cwd: Path | None = None) -> None:
    subprocess.run([str(part) for part in command], check=True, cwd=cwd)


# -- 1. the build tools --------------------------------------------------------------------------

def tools() -> Path:
    requirements = LITE / "requirements.txt"
    want = sha256(requirements)
    venv = CACHE / f"tools-{want[:12]}"  # one venv per set of pins
    stamp = venv / ".installed"
    if stamp.exists() and stamp.read_text() == want:
        return venv / "bin"
    say("installing the build tools (lite/requirements.txt)")
    shutil.rmtree(venv, ignore_errors=True)
    run(sys.executable, "-m", "venv", venv)
    run(venv / "bin" / "python", "-m", "pip", "install", "--quiet", "--no-deps",
        "-r", requirements)
    stamp.write_text(want)
    return venv / "bin"


# -- 2. npm ----------------------------------------------------------------------------------------

def npm(name: str) -> Path:
    """The unpacked ``package/`` of ``name`` at its pinned version, its tarball checked."""
    version, integrity = NPM[name]
    folder = CACHE / "npm" / f"{name.replace('/', '+')}-{version}"
    if (folder / "package").is_dir():
        return folder / "package"
    folder.mkdir(parents=True, exist_ok=True)
    say(f"npm: {name}@{version}")
    out = subprocess.run(["npm", "pack", "--silent", f"{name}@{version}"], cwd=folder,
                         check=True, capture_output=True, text=True).stdout.split()
    tarball = folder / out[-1]
    digest = "sha512-" + base64.b64encode(hashlib.sha512(tarball.read_bytes()).digest()).decode()
    if integrity and digest != integrity:
        fail(f"{name}@{version}: the tarball's sha512 is {digest}, not the pinned {integrity}.")
    with tarfile.open(tarball) as archive:
        archive.extractall(folder, filter="data")
    return folder / "package"


# -- 3. wheels -------------------------------------------------------------------------------------

def pypi(spec: str, dest: Path, binary: bool = True) -> Path:
    """Download one distribution from PyPI (no dependencies) and return its file."""
    dest.mkdir(parents=True, exist_ok=True)
    name, version = spec.split("==")
    def mine(found: Path) -> bool:
        head, sep, _ = found.name.partition(f"-{version}")
        return bool(sep) and re.sub(r"[-_.]+", "_", head).lower() == re.sub(
            r"[-_.]+", "_", name).lower()

    for found in dest.iterdir():
        if mine(found):
            return found
    kind = ["--only-binary=:all:", "--python-version", "3.13"] if binary else ["--no-binary=:all:"]
    run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", *kind, "-d", dest, spec)
    for found in dest.iterdir():
        if mine(found):
            return found
    fail(f"PyPI gave no file for {spec}.")
    raise AssertionError


def pack_wheel(dest: Path, name: str, version: str, sources: dict[str, bytes],
               requires: list[str] | None = None,
               entry_points: dict[str, dict[str, str]] | None = None) -> Path:
    """A py3-none-any wheel of ``sources`` (archive path -> bytes), byte-identical on rebuild."""
    dist = f"{name}-{version}.dist-info"
    files = dict(sorted(sources.items()))
    if entry_points:
        files[f"{dist}/entry_points.txt"] = "".join(
            f"[{group}]\n" + "".join(f"{key} = {value}\n" for key, value in points.items())
            for group, points in entry_points.items()).encode()
    files[f"{dist}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
        + "".join(f"Requires-Dist: {r}\n" for r in requires or [])
    ).encode()
    files[f"{dist}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: oracle lite/build.py\n"
                              b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    record = []
    for path, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(data)}")
    record.append(f"{dist}/RECORD,,")
    files[f"{dist}/RECORD"] = ("\n".join(record) + "\n").encode()
    wheel = dest / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files.items():
            info = zipfile.ZipInfo(path, EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return wheel


def tree(folder: Path, prefix: str) -> dict[str, bytes]:
    """Every file under ``folder`` (symbolic links followed, no caches), keyed ``prefix/relative``."""
    found: dict[str, bytes] = {}
    for here, dirs, files in os.walk(folder, followlinks=True):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            path = Path(here) / name
            if path.suffix != ".pyc":
                found[f"{prefix}/{path.relative_to(folder).as_posix()}"] = path.read_bytes()
    return found


def wheels(lock: dict[str, object], bin_dir: Path) -> list[tuple[Path, dict[str, object]]]:
    """Every wheel of the site with its lock entry."""
    packages = lock["packages"]
    assert isinstance(packages, dict)
    cache = CACHE / "pypi"
    built = WORK / "built"
    shutil.rmtree(built, ignore_errors=True)
    built.mkdir(parents=True)
    chosen: list[tuple[Path, dict[str, object]]] = []
    for name, (version, digest) in FROM_LOCK.items():
        entry = dict(packages[name])
        if entry["version"] != version:
            fail(f"{name}: pinned at {version}, but Pyodide's lock has {entry['version']}.")
        wheel = pypi(f"{name}=={version}", cache)
        if sha256(wheel) != digest:
            fail(f"{wheel.name} from PyPI has sha256 {sha256(wheel)}, not the pinned {digest}; "
                 "refusing to build.")
        entry.update(file_name=wheel.name, sha256=digest, depends=[
            d for d in entry["depends"] if d in FROM_LOCK or d in ("markupsafe", "sqlite3")])
        chosen.append((wheel, entry))
    for name, (version, module, digest) in EXTRA.items():
        wheel = pypi(f"{name}=={version}", cache)
        if sha256(wheel) != digest:
            fail(f"{wheel.name}: sha256 {sha256(wheel)}, not the pinned {digest}.")
        chosen.append((wheel, own_entry(name, version, wheel, [module])))
    version, digest = MARKUPSAFE
    sdist = pypi(f"markupsafe=={version}", cache, binary=False)
    if sha256(sdist) != digest:
        fail(f"{sdist.name}: sha256 {sha256(sdist)}, not the pinned {digest}.")
    sources: dict[str, bytes] = {}
    with tarfile.open(sdist) as archive:
        for member in archive.getmembers():
            match = re.search(r"/src/(markupsafe/[^/]+\.(py|typed))$", member.name)
            handle = archive.extractfile(member) if match else None
            if match and handle is not None:
                sources[match.group(1)] = handle.read()
    wheel = pack_wheel(built, "markupsafe", version, sources)
    chosen.append((wheel, own_entry("markupsafe", version, wheel, ["markupsafe"])))
    kernel = (bin_dir.parent / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension"
              / "static/pypi")
    for stem in KERNEL_WHEELS:
        found = sorted(kernel.glob(f"{stem.rstrip('-4')}-{'4' if stem.endswith('-4') else ''}*.whl"))
        if not found:
            fail(f"the Pyodide kernel package has no {stem} wheel in {kernel}.")
        wheel = found[-1]
        name, version = wheel.name.split("-")[:2]
        chosen.append((wheel, own_entry(name.replace("_", "-"), version, wheel, [name])))
    mine = {
        # The kernel installs jedi (code completion, which the app never asks for): an empty
        # package saves 1.6 MB, and IPython, finding no jedi module, completes without it.
        "jedi": ("0.0.0+none", {}),
        "sqlite3": ("1.0.0+lite", tree(LITE / "py" / "sqlite3", "sqlite3")),
        "oracle-lite": ("1.0.0", tree(LITE / "py" / "oracle_lite", "oracle_lite")),
        "oracle": (project_version(), tree(ROOT / "oracle", "oracle")),
    }
    for name, (version, files) in mine.items():
        points = project()["entry-points"] if name == "oracle" else None
        wheel = pack_wheel(built, name.replace("-", "_"), version, files, entry_points=points)
        chosen.append((wheel, own_entry(name, version, wheel, [name.replace("-", "_")])))
    return chosen


def with_bytecode(chosen: list[tuple[Path, dict[str, object]]],
                  core: Path) -> list[tuple[Path, dict[str, object]]]:
    """The wheels with Python's bytecode in them (lite/pyc.py), their lock entries updated."""
    from pyc import compile_wheels

    say("bytecode for the wheels (Pyodide's CPython under Node)")
    compiled = compile_wheels([(wheel, str(entry["name"])) for wheel, entry in chosen], core,
                              WORK, CACHE / "pyc")
    return [(new, {**entry, "file_name": new.name, "sha256": sha256(new)})
            for new, (_, entry) in zip(compiled, chosen, strict=True)]


def own_entry(name: str, version: str, wheel: Path, imports: list[str]) -> dict[str, object]:
    return {"name": name, "version": version, "file_name": wheel.name, "install_dir": "site",
            "sha256": sha256(wheel), "package_type": "package", "imports": imports,
            "depends": [], "unvendored_tests": False}


def project() -> dict[str, Any]:
    """The ``[project]`` table of pyproject.toml."""
    table: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return table


def project_version() -> str:
    return str(project()["version"])


# The standard library without what the app never imports: the single-byte text codecs (cp1252,
# iso8859_*, mac_*...: the app reads and writes UTF-8 only; cp437 stays, for zipfile's names),
# and unittest, doctest, multiprocessing (no processes in a browser), xmlrpc and wsgiref (servers).
# 490 kB less on the first visit.
STDLIB_DROP = re.compile(r"encodings/(cp(?!437\.)\d+|iso8859_\d+|mac_[a-z]+|koi8_[a-z]+|hp_roman8|"
                         r"ptcp154|tis_620|kz1048|palmos)\.py|(unittest|multiprocessing|xmlrpc|"
                         r"wsgiref)/.*|doctest\.py")


# -- 4. pyodide/ -----------------------------------------------------------------------------------

def pyodide_dir(site: Path, core: Path, sqlite: Path, lock: dict[str, object],
                chosen: list[tuple[Path, dict[str, object]]]) -> tuple[list[str], tuple[str, str]]:
    """``pyodide/``: the core, SQLite, the lock, the wheels loaded only if a cell imports them
    and the archive of the others (lite/archive.py); the archive's packages and SHA-256s."""
    target = site / "pyodide"
    target.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(core / name, target / name)
    from pyc import compile_stdlib

    compile_stdlib(core / "python_stdlib.zip", target / "python_stdlib.zip", core, WORK,
                   CACHE / "pyc", STDLIB_DROP)
    loader = (target / "pyodide.js").read_text()
    if PYODIDE_CDN[0] not in loader:
        fail("pyodide.js does not name its CDN where this build expects it; check PYODIDE_CDN.")
    (target / "pyodide.js").write_text(loader.replace(*PYODIDE_CDN))
    (target / "sqlite").mkdir()
    for name in SQLITE_FILES:
        shutil.copy2(sqlite / "sqlite-wasm" / "jswasm" / name, target / "sqlite" / name)
    shutil.copy2(LITE / "web" / "oracle-sqlite.mjs", target / "sqlite" / "oracle-sqlite.mjs")
    from archive import NAME, merge

    def key(entry: dict[str, object]) -> str:
        return re.sub(r"[-_.]+", "-", str(entry["name"])).lower()

    merged = [(wheel, entry) for wheel, entry in chosen if key(entry) not in NOT_PRELOADED]
    digests = merge([wheel for wheel, _ in merged], target / NAME)
    packages: dict[str, object] = {}
    for wheel, entry in chosen:
        depends = entry["depends"]
        assert isinstance(depends, list)
        entry = {**entry, "depends": [d for d in depends if d not in NOT_PRELOADED]}
        if key(entry) in NOT_PRELOADED:
            shutil.copy2(wheel, target / wheel.name)
        else:  # in the archive, which the kernel's worker writes into site-packages
            entry.update(file_name=NAME, sha256=digests[0])
        packages[key(entry)] = entry
    (target / "pyodide-lock.json").write_text(
        json.dumps({"info": lock["info"], "packages": packages}, indent=1, sort_keys=True))
    missing = {name.replace("_", "-") for name in BASE} - set(packages)
    if missing:
        fail(f"the kernel needs {sorted(missing)} at its start, and the site does not carry them.")
    return [key(entry) for _, entry in merged], digests


# -- 5. the site -----------------------------------------------------------------------------------

NOTEBOOK = {
    "cells": [{
        "cell_type": "code", "execution_count": None, "id": "oracle-lite", "metadata": {},
        "outputs": [],
        "source": os.environ.get("LITE_DEBUG_CELL", "import oracle_lite\nawait oracle_lite.boot()\nfrom oracle.app import launch\nlaunch()").splitlines(keepends=True),
    }],
    "metadata": {"kernelspec": {"display_name": "Python (Pyodide)", "language": "python",
                                "name": "python"},
                 "language_info": {"name": "python"}, "title": "oracle"},
    "nbformat": 4, "nbformat_minor": 5,
}


def voici(bin_dir: Path, site: Path) -> None:
    content = WORK / "content"
    shutil.rmtree(content, ignore_errors=True)
    content.mkdir(parents=True)
    (content / "app.ipynb").write_text(json.dumps(NOTEBOOK, indent=1))
    say("voici build")
    env = dict(os.environ, PATH=f"{bin_dir}:{os.environ.get('PATH', '')}")
    subprocess.run([str(bin_dir / "voici"), "build", "--contents", "app.ipynb",
                    "--output-dir", str(site), "--no-sourcemaps"], cwd=content, check=True,
                   env=env, stdout=subprocess.DEVNULL)


def kernel_settings(page_depth: int) -> dict[str, object]:
    """No packages for loadPyodide to load: the worker writes the archive's (lite/archive.py)."""
    up = "../" * page_depth or "./"
    return {"pyodideUrl": f"{up}pyodide/pyodide.js", "disablePyPIFallback": True,
            "pipliteUrls": [], "loadPyodideOptions": {"packages": []}}


def fix_config(config: dict[str, object], depth: int) -> None:
    settings = config.setdefault("litePluginSettings", {})
    assert isinstance(settings, dict)
    settings["@jupyterlite/pyodide-kernel-extension:kernel"] = kernel_settings(depth)
    config["enableServiceWorkerCache"] = "false"


def fix_pages(site: Path) -> None:
    lite_json = site / "jupyter-lite.json"
    data = json.loads(lite_json.read_text())
    fix_config(data["jupyter-config-data"], 0)
    lite_json.write_text(json.dumps(data, indent=2))
    pattern = re.compile(
        r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)', re.DOTALL)
    for page in site.rglob("*.html"):
        text = page.read_text()
        depth = len(page.relative_to(site).parts) - 1

        def patch(match: re.Match[str], depth: int = depth) -> str:
            config = json.loads(match.group(2))
            fix_config(config, depth)
            return match.group(1) + json.dumps(config) + match.group(3)

        text = pattern.sub(patch, text)
        text = re.sub(r'<link[^>]+href="https?://[^"]+"[^>]*>\s*', "", text)
        text = text.replace("</head>", head_extra(depth) + "</head>", 1)
        page.write_text(text)


def head_extra(depth: int) -> str:
    up = "../" * depth
    return (f'<link rel="manifest" href="{up}manifest.webmanifest">'
            f'<meta name="theme-color" content="#1d1a16">'
            f'<link rel="apple-touch-icon" href="{up}oracle-192.png">'
            f'<script src="{up}oracle-lite.js" defer></script>')


# The kernel imports ipywidgets as it starts, so the page's widget manager finds its control comm
# at once instead of waiting 4 s for it and falling back (voici asks as soon as the kernel is up).
KERNEL_START = ('s.push("import pyodide_kernel")',
                's.push("import pyodide_kernel"),s.push("import ipywidgets")')
# No JupyterLite drive in the kernel: the app keeps its files in IndexedDB (ORACLE_HOME), and with
# the drive mounted as the working directory every import first asked the page (through the
# service worker) whether the module was there, which made a return visit slower than the first.
NO_DRIVE = ("mountDrive:l,", "mountDrive:!1,")
# No package manager (micropip and piplite, for %pip): the site carries every package the app
# imports, preloaded as the kernel starts; importing them cost about a second.
NO_PIP = ("async initPackageManager(e){", "async initPackageManager(e){return;")
# ... and nothing for piplite to install at the kernel's start: all of these are preloaded.
BASE = ["sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython"]
NO_INSTALL = (json.dumps(BASE, separators=(",", ":")), "[]")


KERNEL_STATIC = "extensions/@jupyterlite/pyodide-kernel-extension/static"


def preload_widgets(site: Path) -> None:
    for change in (KERNEL_START, NO_DRIVE, NO_PIP, NO_INSTALL):
        patched = 0
        for path in (site / KERNEL_STATIC).glob("*.js"):
            text = path.read_text()
            if change[0] in text:
                path.write_text(text.replace(*change))
                patched += 1
        if not patched:
            fail(f"the Pyodide kernel no longer reads as this build expects ({change[0]}).")


def strip_cdn(site: Path) -> None:
    """Rewrite every CDN address left in the text files (defaults never used, docs links)."""
    for path in site.rglob("*"):
        if not path.is_file() or path.suffix not in (".js", ".json", ".html", ".css", ".mjs"):
            continue
        text = path.read_text(errors="surrogateescape")
        fixed = CDN.sub(lambda m: "./pyodide/pyodide.js" if m.group(0).endswith("pyodide.js")
                        else "", text)
        if fixed != text:
            path.write_text(fixed, errors="surrogateescape")


def main() -> None:
    bin_dir = tools()
    core = npm("pyodide")
    sqlite = npm("@sqlite.org/sqlite-wasm")
    lock = json.loads((core / "pyodide-lock.json").read_text())
    chosen = with_bytecode(wheels(lock, bin_dir), core)
    site = WORK / "site"
    shutil.rmtree(site, ignore_errors=True)
    voici(bin_dir, site)
    merged, digests = pyodide_dir(site, core, sqlite, lock, chosen)
    fix_pages(site)
    strip_cdn(site)
    preload_widgets(site)
    from archive import patch_worker

    say("memory snapshot for return visits (Pyodide's CPython under Node)")
    snapshot = subprocess.run(["node", str(LITE / "snapshot.mjs"), str(site / "pyodide"),
                               str(LITE / "startup-modules.txt")],
                              check=True, stdout=subprocess.PIPE, text=True).stdout.split()[-1]
    patch_worker(site / KERNEL_STATIC, merged, digests, snapshot)
    from web import finish  # lite/web.py: service worker, manifest, icons, start page

    finish(site)
    shutil.rmtree(OUT, ignore_errors=True)
    site.rename(OUT)
    say(f"built {OUT.relative_to(ROOT)} ({sum(f.stat().st_size for f in OUT.rglob('*') if f.is_file()) // 1_000_000} MB)")


if __name__ == "__main__":
    sys.path.insert(0, str(LITE))
    main()
