# Type stubs of the Python module `catan` (python/*.cpp; docs/python.md says more).
import os
from typing import Any, Literal, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

__version__: str

class InputError(ValueError):
    """Bad input: the message names the file, the event or the field, as the tools say it."""

Event = dict[str, Any]
Info = dict[str, Any]

class Board:
    @staticmethod
    def generate(seed: int = 7, players: int = 4) -> Board:
        """`catan-board generate --seed SEED` (players 5-6: the 30-hex board)."""
    @staticmethod
    def parse(text: str, name: str = "board") -> Board:
        """JSON or the one-line notation; InputError naming `name` and the field."""
    @staticmethod
    def beginner() -> Board: ...
    def line(self) -> str:
        """The one-line notation."""
    def to_json(self) -> str:
        """JSON text, as `catan-board render --format json`."""
    def to_dict(self) -> dict[str, Any]: ...
    def text(self, ids: bool = False) -> str:
        """The ASCII drawing."""
    def check(
        self, name: str = "board", allow_red_adjacent: bool = False, custom: bool = False
    ) -> dict[str, Any]:
        """{'name', 'valid', 'problems': [{'rule', 'message'}]}, as `catan-board check --format json`."""
    @property
    def kind(self) -> Literal["standard", "extended", "custom"]: ...
    @property
    def hexes(self) -> int: ...
    @property
    def vertices(self) -> int: ...
    @property
    def edges(self) -> int: ...

class Game:
    @property
    def name(self) -> str: ...
    @property
    def events(self) -> list[Event]:
        """The events in the log format (schemas/log.schema.json)."""
    @property
    def seats(self) -> list[str]: ...
    @property
    def board(self) -> Board: ...
    @property
    def source(self) -> str: ...
    def verdict(self, keep_going: bool = False, strict: bool = False, stats: bool = False) -> dict[str, Any]:
        """`catan-replay --format json` (schemas/verdict.schema.json)."""
    def state(self, n: int) -> dict[str, Any]:
        """The state after event n: the 'state' of `catan-replay --at n --format json`."""
    def hands(self, n: Optional[int] = None, limit: int = 10) -> dict[str, Any]:
        """Possible hands with probabilities after event n (schemas/hands.schema.json)."""
    def roads(self, n: Optional[int] = None) -> dict[str, Any]:
        """Longest roads after event n (schemas/roads.schema.json)."""
    def events_text(self) -> str:
        """`catan-replay --events`."""
    def to_log(self, format: Literal["json", "jsonl"] = "jsonl") -> str: ...
    def __len__(self) -> int: ...

def eval(
    game: Game,
    rollouts: int = 500,
    policy: Literal["random", "builder", "greedy"] = "greedy",
    seed: int = 1,
    every: Literal["turn", "event"] = "turn",
    turns: Optional[Sequence[Union[int, str]]] = None,
    threads: int = 1,
    turn_cap: int = 300,
    max_states: Optional[int] = None,
    at: Optional[int] = None,
    candidates: int = 10,
) -> dict[str, Any]:
    """`catan-eval --format json` (schemas/eval.schema.json): each player's win probability
    at each position; with at=N, `catan-eval --at N --format json` (the moves ranked)."""

def read(
    source: Union[str, bytes, os.PathLike[str]], name: Optional[str] = None
) -> Union[Game, list[Game]]:
    """A path or a text in any format catan-replay reads; a stream of games gives a list."""

class place:
    @staticmethod
    def rank(board: Board, top: int = 10, pairs: int = 5, taken: Sequence[int] = ()) -> dict[str, Any]:
        """`catan-place --format json --top TOP` (schemas/place.schema.json)."""

class Env:
    """One game in Gymnasium's shape. Options: turn_cap, board ('beginner', 'random' or a
    Board) and the log header's house rules (vp_to_win, discard_limit, friendly_robber, ...)."""
    def __init__(self, players: int = 4, seed: int = 1, **options: Any) -> None: ...
    def reset(self, seed: Optional[int] = None) -> tuple[npt.NDArray[np.float32], Info]: ...
    def legal_actions(self) -> list[Event]:
        """Event dicts, each with its action index under 'action'."""
    def action_mask(self) -> npt.NDArray[np.bool_]:
        """Shape (action_count,)."""
    def sample_action(self) -> Optional[int]:
        """A uniformly random legal action index (drawn in C++ by the game's own sampler,
        seeded from the seed); None once the game is over."""
    def step(
        self, action: Union[int, Event, Policy]
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, Info]: ...
    def observation(self, seat: int) -> npt.NDArray[np.float32]:
        """Shape (observation_size,): only what `seat` may see."""
    def to_log(self, format: Literal["json", "jsonl"] = "jsonl") -> str: ...
    def state(self) -> dict[str, Any]: ...
    def action_layout(self) -> dict[str, tuple[int, int]]:
        """{kind: (offset, size)}."""
    @property
    def action_count(self) -> int: ...
    @property
    def observation_size(self) -> int: ...
    @property
    def current_player(self) -> Optional[int]: ...
    @property
    def seats(self) -> list[str]: ...
    @property
    def board(self) -> Board: ...
    @property
    def terminated(self) -> bool: ...
    @property
    def truncated(self) -> bool: ...
    @property
    def winner(self) -> Optional[str]: ...
    @property
    def episode(self) -> int: ...

class VecEnv:
    """n games; game i plays as Env(players, seed + i, **options). Arrays are overwritten in place."""
    def __init__(
        self, n: int, players: int = 4, seed: int = 1, threads: int = 1, **options: Any
    ) -> None:
        """threads: step() and reset() split the games over this many threads (0: one a
        core); the games are the same whatever the count."""
    def reset(self) -> tuple[npt.NDArray[np.float32], Info]: ...
    def sample_actions(self, out: Optional[npt.NDArray[np.int64]] = None) -> npt.NDArray[np.int64]:
        """A uniformly random legal action per game (game i's sampler: Env(seed + i).sample_action()),
        written into out or into `actions` (shape (n,), int64), which is returned."""
    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.bool_], Info
    ]: ...
    observations: npt.NDArray[np.float32]
    masks: npt.NDArray[np.bool_]
    rewards: npt.NDArray[np.float32]
    terminated: npt.NDArray[np.bool_]
    truncated: npt.NDArray[np.bool_]
    players: npt.NDArray[np.int32]
    actions: npt.NDArray[np.int64]
    @property
    def threads(self) -> int: ...
    @property
    def action_count(self) -> int: ...
    @property
    def observation_size(self) -> int: ...
    def to_log(self, i: int) -> str: ...
    def __len__(self) -> int: ...

class Policy:
    """A player of the toolkit (catan.policy), choosing for any seat of an Env."""
    def act(self, env: Env) -> int:
        """The action index chosen for env's player to act (legal now). env.step(policy)
        plays it, with the policy's own cards for a discard."""
    @property
    def name(self) -> str: ...

def policy(
    name: Literal["random", "builder", "greedy", "search"],
    seed: int = 1,
    *,
    rollouts: int = 100,
    horizon: int = 4,
    candidates: int = 5,
    rollout: Literal["random", "builder", "greedy"] = "greedy",
    max_states: int = 2000,
) -> Policy:
    """A player (catan-sim --policies); the keyword options are search's only (InputError
    for another policy)."""
