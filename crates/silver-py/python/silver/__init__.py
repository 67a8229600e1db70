"""The Silver card games from Python: the engine, information-set views, the Rust bots and
tournaments (the `silver` command's engine, compiled).

    import silver
    game = silver.Game(players=2, set="amulet", seed=1)
    bot = silver.Bot("greedy")
    while not game.is_terminal():
        game.apply(bot.step(game))
    print(game.totals(), game.winner())

    tables = silver.tournament(["greedy", "random"], games=200)
    print(tables["summary"])          # a pandas DataFrame when pandas is installed
"""
import tempfile

from ._silver import PROTOCOL, Bot, Game, derive_seed, run_tournament

__all__ = ["Game", "Bot", "tournament", "derive_seed", "PROTOCOL"]


def tournament(bots, players=2, games=100, seed=1, set="amulet", seating="rotate",
               threads=0, out=None, bots_dir="bots"):
    """Runs bots against each other, as `silver tournament`, into `out` (a new temporary
    directory if None), and returns its tables: `summary`, `pairs`, `ratings` (pairs and
    ratings with two or more bots), as pandas DataFrames when pandas is installed, else lists
    of dicts (every value a string, as in the CSV files)."""
    if out is None:
        out = tempfile.mkdtemp(prefix="silver-")
    tables = run_tournament(list(bots), str(out), players=players, games=games, seed=seed,
                            set=set, seating=seating, threads=threads, bots_dir=bots_dir)
    try:
        import pandas
    except ImportError:
        return tables
    return {name: pandas.DataFrame(rows) for name, rows in tables.items()}
