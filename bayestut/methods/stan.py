"""Run the Stan programs of ``stan/``: compile once per machine, sample, return named draws.

Two backends run the same ``.stan`` file:

- ``cmdstanpy``, chosen whenever a CmdStan installation is found (``cmdstanpy.cmdstan_path()``
  succeeds). The executable is cached in ``<user cache>/bayestut/cmdstan/<cmdstan-version>/
  <hash of the program>/``, so it is compiled once per machine and program text.
- ``pystan`` (PyStan 3, which bundles Stan in its wheel) otherwise. httpstan caches the
  compiled model in its own user cache directory, keyed by the program text; PyStan's
  habit of also caching every seeded fit on disk is undone by each call for its own fits,
  so the cache does not grow.

Override the choice with ``backend=`` or the environment variable ``BAYESTUT_STAN_BACKEND``.

The same seed gives the same draws only on the same machine, compiler and flags. To see what
another machine would print, set ``BAYESTUT_SEED_SHIFT`` to a whole number: it is added to every
seed passed to :func:`sample` (and the simulation runner's), a stronger perturbation than a
change of CPU. ``make test`` passes with it set; CI sets it.
Draws come back as ``{name: array (chains, draws, *dims)}`` and every fit is diagnosed
(divergences, R-hat, bulk ESS), with a :class:`~bayestut.methods.diagnostics.ConvergenceWarning`
naming any problem.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import hashlib
import io
import logging
import os
import pickle
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..errors import InputError
from .diagnostics import Diagnostics, diagnose
from ..paths import STAN_DIR, install_command

BACKENDS = ("cmdstanpy", "pystan")
ENV_BACKEND = "BAYESTUT_STAN_BACKEND"
ENV_SEED_SHIFT = "BAYESTUT_SEED_SHIFT"
SEED_LIMIT = 2**31        # both backends take seeds in [0, 2^31)
MAX_TREEDEPTH = 10
SAMPLER_STATS = ("stepsize__", "treedepth__", "n_leapfrog__", "divergent__")


class NoBackend(InputError, RuntimeError):
    """The Stan backend asked for (or any) is not installed: the user's to fix, so an
    InputError (one line, exit 2 on the command line)."""


def program_text(name: str) -> str:
    path = STAN_DIR / f"{name}.stan"
    if not path.exists():
        known = sorted(p.stem for p in STAN_DIR.glob("*.stan"))
        raise ValueError(f"no Stan program {name!r}; known: {known}")
    return path.read_text()


def shifted_seed(seed: int) -> int:
    """``seed`` moved by $BAYESTUT_SEED_SHIFT (0 when unset), wrapped into [0, 2^31)."""
    raw = os.environ.get(ENV_SEED_SHIFT, "").strip() or "0"
    try:
        shift = int(raw)
    except ValueError:
        raise InputError(f"the environment variable {ENV_SEED_SHIFT} must be a whole number "
                         f"(it shifts every Stan seed), got {raw!r}: set it to e.g. 7919, "
                         "or unset it") from None
    return (int(seed) + shift) % SEED_LIMIT


def check_environment() -> None:
    """$BAYESTUT_SEED_SHIFT and $BAYESTUT_STAN_BACKEND, checked before any analysis starts
    (whether the backend is installed is checked when a fit needs it)."""
    shifted_seed(0)
    wanted = os.environ.get(ENV_BACKEND) or None
    if wanted is not None and wanted not in BACKENDS:
        raise InputError(_unknown(wanted, f"the environment variable {ENV_BACKEND}"))


def _unknown(backend, where: str) -> str:
    return (f"unknown Stan backend {backend!r} in {where}; choose one of {BACKENDS}, or leave "
            "it unset to use whichever is installed")


def _cmdstan_found() -> bool:
    try:
        import cmdstanpy
        cmdstanpy.cmdstan_path()    # raises ValueError when no CmdStan is installed
        return True
    except (ImportError, ValueError):
        return False


def _pystan_found() -> bool:
    try:
        import stan  # noqa: F401  (PyStan's package)
        return True
    except ImportError:
        return False


def choose_backend(backend: str | None = None) -> str:
    """The backend to use: the argument, else $BAYESTUT_STAN_BACKEND, else whichever is present
    (cmdstanpy first)."""
    wanted = backend or os.environ.get(ENV_BACKEND) or None
    if wanted is not None:
        if wanted not in BACKENDS:
            where = "backend=" if backend else f"the environment variable {ENV_BACKEND}"
            raise InputError(_unknown(wanted, where))
        available = _cmdstan_found() if wanted == "cmdstanpy" else _pystan_found()
        if not available:
            raise NoBackend(_missing(wanted))
        return wanted
    if _cmdstan_found():
        return "cmdstanpy"
    if _pystan_found():
        return "pystan"
    raise NoBackend("no Stan backend is installed (the default engine needs none): "
                    f"{INSTALL_CMDSTANPY}; or PyStan, {INSTALL_PYSTAN}")


# Stan is an extra: the default (exact) engine needs none. These are the lines that install it,
# as they work where bayestut runs (from a clone: pip install '.[stan]'; from a wheel: its name)
INSTALL_CMDSTANPY = (install_command("stan") + ", then python -m cmdstanpy.install_cmdstan "
                     "(or set CMDSTAN to an installed CmdStan's folder)")
INSTALL_PYSTAN = install_command("pystan") + " (Linux and macOS)"


def _missing(backend: str) -> str:
    if backend == "pystan":
        return f"PyStan was asked for, but it is not installed: {INSTALL_PYSTAN}"
    try:
        import cmdstanpy  # noqa: F401
    except ImportError:
        return f"cmdstanpy was asked for, but it is not installed: {INSTALL_CMDSTANPY}"
    return ("cmdstanpy was asked for, but no CmdStan installation was found: run "
            "python -m cmdstanpy.install_cmdstan, or set CMDSTAN to an installed CmdStan's folder")


def user_cache_dir() -> Path:
    """Where bayestut keeps compiled programs: $BAYESTUT_CACHE, else the platform's user cache."""
    if os.environ.get("BAYESTUT_CACHE"):
        return Path(os.environ["BAYESTUT_CACHE"])
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    return base / "bayestut"


@dataclass(frozen=True)
class Fit:
    """Draws of one run, by name, shaped (chains, draws, *dims), and their diagnostics."""

    program: str
    backend: str
    draws: dict
    sampler: dict          # NUTS statistics: stepsize__, treedepth__, n_leapfrog__, divergent__
    diagnostics: Diagnostics
    seconds: dict          # {"compile": ..., "sample": ...}: wall time of this call

    def __getitem__(self, name: str) -> np.ndarray:
        """The draws of one variable with the chains pooled: (chains * draws, *dims)."""
        value = self.draws[name]
        return value.reshape(value.shape[0] * value.shape[1], *value.shape[2:])


def sample(program: str, data: dict, *, seed: int, chains: int = 4, warmup: int = 1000,
           draws: int = 1000, thin: int = 1, backend: str | None = None, init=None,
           adapt_delta: float = 0.8, progress: bool = True) -> Fit:
    """Sample the Stan program ``stan/<program>.stan`` with NUTS.

    ``draws`` iterations per chain after warm-up, of which every ``thin``-th is kept (saving
    draws costs more than making them when a model has many parameters and a cheap gradient).
    ``init``: None (Stan's random inits) or one dict of initial values per chain. Validate the
    data before calling: Stan's own messages are not meant for readers.
    """
    if not isinstance(seed, (int, np.integer)) or not 0 <= seed < 2**31:
        raise ValueError(f"seed must be an integer in [0, 2^31), got {seed!r}")
    if not isinstance(thin, (int, np.integer)) or not 1 <= thin <= draws:
        raise ValueError(f"thin must be an integer from 1 to draws ({draws}), got {thin!r}")
    if init is not None and len(init) != chains:
        raise ValueError(f"give one dict of initial values per chain ({chains}), got {len(init)}")
    backend = choose_backend(backend)
    run = _sample_cmdstanpy if backend == "cmdstanpy" else _sample_pystan
    raw, sampler, seconds = run(
        program, _plain(data), seed=shifted_seed(seed), chains=chains, warmup=warmup, draws=draws,
        thin=int(thin), init=None if init is None else [_plain(i) for i in init], adapt_delta=adapt_delta,
        progress=progress)
    diagnostics = diagnose(raw, sampler["divergent__"], sampler["treedepth__"] >= MAX_TREEDEPTH)
    diagnostics.warn(f"Stan program {program!r}")
    return Fit(program, backend, raw, sampler, diagnostics, seconds)


def _plain(data: dict) -> dict:
    """Numpy scalars and arrays as plain Python values, which every backend accepts."""
    return {k: (v.tolist() if isinstance(v, np.ndarray) else v.item() if isinstance(v, np.generic)
                else v) for k, v in data.items()}


def _say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


_silence_lock = threading.Lock()
_silence_depth = 0
_real_streams: tuple = ()


_CMDSTANPY_LOG = logging.getLogger("cmdstanpy")


@contextlib.contextmanager
def _silenced():
    """Send stdout and stderr to nowhere while PyStan talks, and keep cmdstanpy's INFO lines and
    warnings (whose content our own diagnostics report) off stderr; errors still raise. Safe
    across threads (the simulation runner's workers): the first thread in swaps the streams,
    the last one out restores them; contextlib.redirect_* would restore another thread's sink."""
    global _silence_depth, _real_streams
    with _silence_lock:
        if _silence_depth == 0:
            _real_streams = (sys.stdout, sys.stderr, _CMDSTANPY_LOG.level)
            sys.stdout = sys.stderr = io.StringIO()
            _CMDSTANPY_LOG.setLevel(logging.ERROR)
        _silence_depth += 1
    try:
        yield
    finally:
        with _silence_lock:
            _silence_depth -= 1
            if _silence_depth == 0:
                sys.stdout, sys.stderr, level = _real_streams
                _CMDSTANPY_LOG.setLevel(level)


# --- PyStan ---------------------------------------------------------------------------------

def _allow_nested_event_loop() -> None:
    """PyStan drives httpstan with asyncio.run, which refuses to run inside Jupyter's own event
    loop; nest_asyncio lets it. Applied only when a loop is running."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return
    import nest_asyncio
    nest_asyncio.apply()


def _pystan_model(program: str, data: dict, seed: int):
    import httpstan.cache
    import httpstan.models
    import stan

    code = program_text(program)
    model_dir = httpstan.cache.model_directory(httpstan.models.calculate_model_name(code))
    compiled = any(model_dir.glob("*.so")) or any(model_dir.glob("*.pyd"))
    if not compiled:
        _say(f"Compiling the Stan program {program!r} with PyStan: once per machine, "
             "about a minute ...")
    # PyStan repeats stanc's lint messages at every call: keep them out of the reader's way
    with _silenced(), (contextlib.nullcontext() if compiled else build_quietly()):
        # (mypy takes the repository's stan/ folder of programs for PyStan's package)
        model = stan.build(code, data=data, random_seed=seed)  # type: ignore[attr-defined]
    if model is None:       # PyStan swallows Ctrl-C and returns None: pass the Ctrl-C on
        raise KeyboardInterrupt
    return model, not compiled


@contextlib.contextmanager
def build_quietly():
    """A first compile: out of the user's folder (:func:`build_elsewhere`), and without the C++
    compiler's warnings on the terminal. The compiler writes to file descriptor 2, which
    httpstan captures only when sys.stderr is that descriptor, and :func:`_silenced` has
    swapped sys.stderr out; so descriptor 2 goes to a file for the build, and only if the
    build fails is the file's end shown."""
    with build_elsewhere() as folder, tempfile.TemporaryFile() as log:
        try:
            saved = os.dup(2)
        except OSError:                         # no descriptor 2 at all: nothing to keep quiet
            yield folder
            return
        os.dup2(log.fileno(), 2)
        try:
            yield folder
        except BaseException:
            os.dup2(saved, 2)
            log.seek(0)
            tail = log.read().decode(errors="replace")[-4000:]
            if tail.strip():
                print(f"the compiler's last output:\n{tail}", file=sys.__stderr__, flush=True)
            raise
        finally:
            os.dup2(saved, 2)
            os.close(saved)


@contextlib.contextmanager
def build_elsewhere():
    """httpstan compiles with setuptools, which puts its object files in ./build of the working
    directory, the user's folder. setuptools reads the config file named by $DIST_EXTRA_CONFIG
    last: it sends the build to a temporary folder, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="bayestut-build-") as folder:
        config = Path(folder) / "build.cfg"
        config.write_text(f"[build]\nbuild_base = {Path(folder) / 'build'}\n")
        before = os.environ.get("DIST_EXTRA_CONFIG")
        os.environ["DIST_EXTRA_CONFIG"] = str(config)
        try:
            yield Path(folder)
        finally:
            if before is None:
                os.environ.pop("DIST_EXTRA_CONFIG", None)
            else:
                os.environ["DIST_EXTRA_CONFIG"] = before


# equal seeded fit requests share one of these locks (see _sample_pystan); a fixed number of
# them keeps memory bounded in long runs, where a lock per request would pile up
_FIT_LOCKS = tuple(threading.Lock() for _ in range(64))
_fits_read: contextvars.ContextVar = contextvars.ContextVar("bayestut_fits_read", default=None)


def _record_fit_reads() -> None:
    """PyStan stores every seeded fit (one file per chain) in its cache and nothing here reads
    them back, so the cache would grow with every call. Each call deletes exactly the files it
    read: PyStan's HTTP client is wrapped once to note, in this call's context, the fit names
    it fetches. (Deleting files by age instead raced: one chain's finished file could outlive
    the threshold while a slow sibling chain was still sampling in a busy process.)"""
    import stan.common

    client = stan.common.HttpstanClient
    if getattr(client.get, "records_fits", False):
        return
    original = client.get

    async def get(self, path: str):
        names = _fits_read.get()
        if names is not None and "/fits/" in path:
            names.append(path.lstrip("/"))
        return await original(self, path)

    get.records_fits = True  # type: ignore[attr-defined]  # a marker: patched once
    client.get = get


_sockets_made: contextvars.ContextVar = contextvars.ContextVar("bayestut_sockets", default=None)


class _RecordingTempfile:
    """httpstan's view of the tempfile module: mkstemp notes each name it makes in the running
    sampling call's list (see _remove_sockets); everything else is tempfile's own."""

    def __getattr__(self, name):
        return getattr(tempfile, name)

    @staticmethod
    def mkstemp(*args, **kwargs):
        handle, name = tempfile.mkstemp(*args, **kwargs)
        made = _sockets_made.get()
        if made is not None:
            made.append(name)
        return handle, name


def _remove_sockets() -> None:
    """httpstan binds a Unix socket file in the temporary folder for every sampling call and
    never removes it (thousands pile up in /tmp). Its sampling call is wrapped, once, to remove
    the one file it made, when it ends; the call runs in one asyncio task, so a context
    variable tells each call's file apart from those of calls running at the same time."""
    import httpstan.services_stub as stub

    if getattr(stub.call, "removes_sockets", False):
        return
    original = stub.call

    async def call(*args, **kwargs):
        made: list[str] = []
        token = _sockets_made.set(made)
        try:
            return await original(*args, **kwargs)
        finally:
            _sockets_made.reset(token)
            for name in made:
                with contextlib.suppress(OSError):
                    os.unlink(name)

    call.removes_sockets = True  # type: ignore[attr-defined]  # a marker: patched once
    stub.tempfile = _RecordingTempfile()
    stub.call = call


def _sample_pystan(program, data, *, seed, chains, warmup, draws, thin, init, adapt_delta,
                   progress):
    import httpstan.cache

    _allow_nested_event_loop()
    start = time.perf_counter()
    model, compiled_now = _pystan_model(program, data, seed)
    compile_seconds = time.perf_counter() - start
    if compiled_now:
        _say(f"... compiled in {compile_seconds:.0f} s; cached in {httpstan.cache.cache_directory()}")
    kwargs = dict(num_chains=chains, num_warmup=warmup, num_samples=draws, num_thin=thin,
                  delta=adapt_delta, max_depth=MAX_TREEDEPTH)
    if init is not None:
        kwargs["init"] = init
    _record_fit_reads()
    _remove_sockets()
    read: list[str] = []
    token = _fits_read.set(read)
    start = time.perf_counter()
    quiet = contextlib.nullcontext() if progress else _silenced()
    # httpstan names a seeded fit by a hash of the model, data, seed and settings: two equal
    # requests at once (two pairs of classifiers with equal differences, in threads) would
    # share its files, and the first to finish would delete them under the other
    request = pickle.dumps((model.model_name, model.random_seed, data, kwargs))
    with _FIT_LOCKS[int(hashlib.sha256(request).hexdigest(), 16) % len(_FIT_LOCKS)]:
        try:
            with quiet:
                fit = model.sample(**kwargs)
            if fit is None:     # PyStan swallows Ctrl-C and returns None: pass the Ctrl-C on
                raise KeyboardInterrupt
        finally:
            _fits_read.reset(token)
            for name in read:
                with contextlib.suppress(FileNotFoundError):
                    httpstan.cache.delete_fit(name)
    sample_seconds = time.perf_counter() - start

    kept = -(-draws // thin)                     # Stan keeps ceil(draws / thin) per chain

    def by_chain(name, dims):
        flat = np.asarray(fit[name], dtype=float).reshape(*dims, kept, chains)  # chain fastest
        return np.moveaxis(flat, (-1, -2), (0, 1))

    raw = {name: by_chain(name, dims) for name, dims in zip(fit.param_names, fit.dims)}
    sampler = {name: by_chain(name, []) for name in SAMPLER_STATS}
    return raw, sampler, {"compile": compile_seconds, "sample": sample_seconds}


# --- cmdstanpy ------------------------------------------------------------------------------

_CMDSTAN_MODELS: dict = {}


def _cmdstan_model(program: str):
    """The compiled CmdStanModel, from this process's memory, else the disk cache, else g++."""
    import cmdstanpy

    code = program_text(program)
    # cmdstan_version() is None only without CmdStan, which choosing cmdstanpy has ruled out
    version = "cmdstan-%d.%d" % cmdstanpy.cmdstan_version()  # type: ignore[str-format]
    key = (program, version, code)
    if key not in _CMDSTAN_MODELS:
        digest = hashlib.sha256(code.encode()).hexdigest()[:16]
        folder = user_cache_dir() / "cmdstan" / version / digest
        folder.mkdir(parents=True, exist_ok=True)
        source = folder / f"{program}.stan"
        if not source.exists():
            source.write_text(code)
        exe = source.with_suffix(".exe" if sys.platform == "win32" else "")
        if not exe.exists():
            _say(f"Compiling the Stan program {program!r} with CmdStan: once per machine, "
                 f"about a minute; cached in {folder} ...")
        # cmdstanpy reuses an executable newer than its source instead of compiling again
        with _silenced():
            _CMDSTAN_MODELS[key] = cmdstanpy.CmdStanModel(stan_file=str(source))
    return _CMDSTAN_MODELS[key]


def _sample_cmdstanpy(program, data, *, seed, chains, warmup, draws, thin, init, adapt_delta,
                      progress):
    start = time.perf_counter()
    model = _cmdstan_model(program)
    compile_seconds = time.perf_counter() - start
    start = time.perf_counter()
    quiet = contextlib.nullcontext() if progress else _silenced()
    with quiet:
        fit = model.sample(data=data, seed=seed, chains=chains, parallel_chains=chains,
                           iter_warmup=warmup, iter_sampling=draws, thin=thin, inits=init,
                           adapt_delta=adapt_delta, max_treedepth=MAX_TREEDEPTH,
                           show_progress=progress, show_console=False)
    sample_seconds = time.perf_counter() - start
    kept = -(-draws // thin)
    written = fit.metadata.stan_vars
    raw = {}
    for name, ndim in _declared(model).items():
        if name in written:                # stan_variable pools the chains one after another
            dims = tuple(written[name].dimensions)
            raw[name] = fit.stan_variable(name).reshape(chains, kept, *dims)
        else:                              # CmdStan writes no column for a zero-size variable
            raw[name] = np.empty((chains, kept, *[0] * ndim))
    method = fit.method_variables()        # each (kept draws, chains)
    sampler = {name: np.asarray(method[name]).reshape(kept, chains).T for name in SAMPLER_STATS}
    return raw, sampler, {"compile": compile_seconds, "sample": sample_seconds}


def _declared(model) -> dict:
    """Every variable a draw holds, {name: number of dimensions}, from stanc's --info:
    parameters, transformed parameters and generated quantities, in declaration order."""
    info = model.src_info()
    return {name: int(v["dimensions"]) for block in
            ("parameters", "transformed parameters", "generated quantities")
            for name, v in info.get(block, {}).items()}


def compile(program: str, data: dict, backend: str | None = None) -> str:
    """Compile ``program`` now (or find it in the cache), without sampling; returns the backend.
    PyStan needs valid ``data`` to build a model; cmdstanpy ignores it."""
    backend = choose_backend(backend)
    if backend == "cmdstanpy":
        _cmdstan_model(program)
    else:
        _allow_nested_event_loop()
        _pystan_model(program, _plain(data), seed=0)
    return backend


def log_density(program: str, data: dict, values: dict, backend: str | None = None) -> float:
    """Stan's log density at constrained parameter values, without the Jacobian of the
    constraining transforms: for checking a program against a formula."""
    backend = choose_backend(backend)
    data, values = _plain(data), _plain(values)
    if backend == "cmdstanpy":
        model = _cmdstan_model(program)
        with _silenced():    # full precision: CmdStan's default keeps 6 significant figures
            frame = model.log_prob(params=values, data=data, jacobian=False, sig_figs=18)
        return float(frame["lp__"].iloc[0])
    _allow_nested_event_loop()
    model, _ = _pystan_model(program, data, seed=0)
    return float(model.log_prob(model.unconstrain_pars(values), adjust_transform=False))
