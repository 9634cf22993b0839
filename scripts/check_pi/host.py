"""The host's side: its tools, binfmt_misc for aarch64, and commands run inside an emulated system root.

The system root is entered with chroot in a private mount namespace (so its /proc, /dev, /sys and /tmp
mounts vanish with the command); every aarch64 program in it, the ones the companion starts itself too
(espeak-ng, ldconfig behind ctypes.util.find_library), runs under qemu-aarch64 through binfmt_misc with
qemu's "fix binary" flag, and QEMU_CPU picks the emulated CPU for the whole process tree."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

# Debian host packages -> a program each provides, to tell whether it is installed.
HOST_TOOLS = {
    "mmdebstrap": "mmdebstrap",
    "qemu-user-static": "qemu-aarch64-static",
    "binfmt-support": "update-binfmts",
    "util-linux": "unshare",
}
BINFMT = Path("/proc/sys/fs/binfmt_misc")


class HostError(RuntimeError):
    pass


def as_root(argv: list[str]) -> list[str]:
    return argv if os.geteuid() == 0 else ["sudo", *argv]


def ensure_tools() -> None:
    """Installs the host packages that are missing (apt-get, as root)."""
    missing = [pkg for pkg, program in HOST_TOOLS.items() if not shutil.which(program)
               and not Path("/usr/sbin", program).exists()]
    if subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True).returncode != 0:
        missing.append("python3-pip")
    if not missing:
        return
    if not shutil.which("apt-get"):
        raise HostError(f"install these packages first: {' '.join(missing)}")
    print(f"check-pi: installing host packages: {' '.join(missing)}", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(as_root(["apt-get", "update", "-qq"]), check=True, env=env)
    subprocess.run(as_root(["apt-get", "install", "-y", "-qq", *missing]), check=True, env=env)


def ensure_binfmt() -> None:
    """aarch64 ELF files run through qemu-aarch64-static, registered with the F flag (the interpreter is
    opened once, so it works inside a chroot that does not have it)."""
    if not (BINFMT / "register").exists():
        subprocess.run(as_root(["mount", "-t", "binfmt_misc", "binfmt_misc", str(BINFMT)]), check=True)
    entry = BINFMT / "qemu-aarch64"
    if not entry.exists():
        subprocess.run(as_root(["update-binfmts", "--enable", "qemu-aarch64"]), check=True)
    text = entry.read_text() if entry.exists() else ""
    if "enabled" not in text.splitlines()[:1] or "F" not in next(
            (line.split(":", 1)[1] for line in text.splitlines() if line.startswith("flags:")), ""):
        raise HostError(f"{entry}: qemu-aarch64 is not registered with the F flag:\n{text}")


def chroot_script(root: Path, argv: list[str], env: dict[str, str], binds: dict[Path, str],
                  tmpfs: tuple[str, ...] = ()) -> str:
    """The shell script that mounts what a program needs inside the root and runs it there."""
    q = shlex.quote
    lines = ["set -e"]
    for source, fstype, target in (("/dev", None, "dev"), ("/proc", None, "proc"), ("/sys", None, "sys"),
                                   ("tmpfs", "tmpfs", "tmp")):
        where = q(str(root / target))
        lines.append(f"mkdir -p {where}")
        lines.append(f"mount -t {fstype} {source} {where}" if fstype else f"mount --rbind {source} {where}")
    for target in tmpfs:
        where = q(str(root / target.lstrip("/")))
        lines.append(f"mkdir -p {where}; mount -t tmpfs tmpfs {where}")
    for source, target in binds.items():
        where = q(str(root / target.lstrip("/")))
        make = (f"mkdir -p {where}" if source.is_dir()
                else f"mkdir -p {q(str((root / target.lstrip('/')).parent))}; [ -e {where} ] || touch {where}")
        lines.append(f"{make}; mount --bind {q(str(source))} {where}")
    lines.append(f"touch {q(str(root / 'etc/resolv.conf'))}; "
                 f"mount --bind /etc/resolv.conf {q(str(root / 'etc/resolv.conf'))}")
    pairs = " ".join(q(f"{k}={v}") for k, v in env.items())
    lines.append(f"exec chroot {q(str(root))} /usr/bin/env -i {pairs} {' '.join(q(a) for a in argv)}")
    return "\n".join(lines)


def host_ca_bundle() -> Path | None:
    """The certificates the host's pip trusts, handed to pip inside the root: a proxy between this host and
    PyPI may present a certificate that only the host's bundle knows."""
    for name in ("PIP_CERT", "REQUESTS_CA_BUNDLE", "SSL_CERT_FILE"):
        if os.environ.get(name) and Path(os.environ[name]).is_file():
            return Path(os.environ[name])
    default = Path("/etc/ssl/certs/ca-certificates.crt")
    return default if default.is_file() else None


def run_in(root: Path, argv: list[str], *, log: Path, env: dict[str, str] | None = None,
           binds: dict[Path, str] | None = None, tmpfs: tuple[str, ...] = (), stdin: bytes | None = None,
           timeout: float = 3600) -> int:
    """Runs argv inside the root; stdout and stderr go to log (appended). binds: host paths mounted at
    paths of the root; tmpfs: folders of the root that start empty and vanish after. Returns the exit code
    (124 after the timeout)."""
    base = {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "HOME": "/root",
            "LANG": "C.UTF-8", "TMPDIR": "/tmp"}
    script = chroot_script(root, argv, {**base, **(env or {})}, binds or {}, tmpfs)
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("ab") as out:
        out.write(f"$ {' '.join(argv)}   [{time.strftime('%H:%M:%S')}]\n".encode())
        out.flush()
        try:
            proc = subprocess.run(as_root(["unshare", "--mount", "--propagation", "private", "--", "sh", "-c",
                                           script]),
                                  input=stdin, stdout=out, stderr=subprocess.STDOUT, timeout=timeout)
            code = proc.returncode
        except subprocess.TimeoutExpired:
            code = 124
        out.write(f"[exit {code} at {time.strftime('%H:%M:%S')}]\n".encode())
    return code
