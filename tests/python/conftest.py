"""Shared fixtures of the Python module's tests: where the sources, the built tools and the
shared corpus are, and the tools run as the reference the module must equal."""
import json
import os
import pathlib
import subprocess

import pytest

SOURCE = pathlib.Path(os.environ.get("CATAN_SOURCE_DIR", pathlib.Path(__file__).parents[2]))
BUILD = pathlib.Path(os.environ.get("CATAN_BUILD_DIR", SOURCE / "build"))
TOOLS = pathlib.Path(os.environ.get("CATAN_TOOLS_DIR", BUILD / "tools"))
DATA = pathlib.Path(os.environ.get("CATAN_DATA_DIR", SOURCE.parent / "shared" / "data"))

# Real games in every format the tools read: the project's samples, and from the shared
# corpus when it is there (a JSettlers 1.x server log, a JSettlers2 game event log, a
# catanatron game, a colonist.io replay, a tabletop catanlog transcript).
SAMPLE_GAMES = [
    "samples/real/human-game-1.soclog",
    "samples/real/human-game-1.json",
    "samples/real/colonist-1v1-210696208.json",
    "samples/real/catanatron-road-through-settlement.json",
    "samples/real/catanatron-longest-road-undercount.json",
]
CORPUS_GAMES = [
    "stac/bot-game-1.soclog",
    "catanlog/tabletop-game-1.catan",
    "colonist-dataset/colonist-4p-137073668.json",
]


def real_games():
    games = [SOURCE / p for p in SAMPLE_GAMES]
    games += [DATA / p for p in CORPUS_GAMES if (DATA / p).exists()]
    return games


def tool(name, *args, check=True, stdin=None):
    """Runs a built tool; returns (stdout, stderr, exit code)."""
    r = subprocess.run([str(TOOLS / name), *map(str, args)], capture_output=True,
                       text=True, input=stdin)
    if check and r.returncode not in (0, 1):
        raise AssertionError(f"{name} {args}: exit {r.returncode}: {r.stderr}")
    return r.stdout, r.stderr, r.returncode


def tool_json(name, *args, stdin=None):
    return json.loads(tool(name, *args, stdin=stdin)[0])


@pytest.fixture(scope="session")
def source():
    return SOURCE
