"""Registers the built-in formats (imported once by ``sudokit.formats``).

Order matters only for extension look-ups shared by several formats: the first
registration that lists an extension wins.
"""

from __future__ import annotations

from . import csvfmt, grids, hodoku, jsonfmt, jsonl, npy, parquet, sukaku, text
from ._registry import FormatSpec, register

# Collections (streaming).
register(FormatSpec("txt", "one 81-character puzzle per line", (".txt", ".text"),
                    read_records=text.read_txt, writer=text.TxtWriter))
register(FormatSpec("csv", "CSV with puzzle, solution, rating, techniques, seed columns", (".csv",),
                    read_records=csvfmt.read_csv, writer=csvfmt.CsvWriter))
register(FormatSpec("jsonl", "JSON Lines, one record object per line", (".jsonl", ".ndjson"),
                    read_records=jsonl.read_jsonl, writer=jsonl.JsonlWriter))
register(FormatSpec("parquet", "Parquet table (needs pyarrow: sudokit[parquet])", (".parquet", ".pq"),
                    binary=True, read_records=parquet.read_parquet, writer=parquet.ParquetWriter))
register(FormatSpec("npy", "NumPy uint8 array of shape (n, 81), 0 = blank", (".npy",),
                    binary=True, read_records=npy.read_npy, writer=npy.NpyWriter))
register(FormatSpec("sdm", "SadMan collection: one 81-digit line per puzzle, 0 = blank", (".sdm",),
                    read_records=grids.read_sdm, writer=grids.SdmWriter))
register(FormatSpec("hodoku", "HoDoKu library lines (:0000:x:cells:deleted::)", (".hdk",),
                    loads=hodoku.loads_hodoku, dumps=hodoku.dumps_hodoku, pencil=True,
                    read_records=hodoku.read_hodoku, writer=hodoku.HodokuWriter))

# Single puzzles.
register(FormatSpec("line", "a single 81-character puzzle", (".line",),
                    loads=text.loads_line, dumps=text.dumps_line))
register(FormatSpec("pretty", "a 9-row grid with | - + decoration", (".grid", ".pretty"),
                    loads=grids.loads_pretty, dumps=grids.dumps_pretty))
register(FormatSpec("sdk", "SadMan Sudoku: [Puzzle] and 9 rows", (".sdk",),
                    loads=grids.loads_sdk, dumps=grids.dumps_sdk))
register(FormatSpec("ss", "Simple Sudoku: xxx|xxx|xxx rows, ----------- between bands", (".ss",),
                    loads=grids.loads_ss, dumps=grids.dumps_ss))
register(FormatSpec("hodoku-grid", "HoDoKu formatted grid (.---.---.---. borders)", (),
                    loads=grids.loads_hodoku_grid, dumps=grids.dumps_hodoku_grid))
register(FormatSpec("sukaku", "pencil marks: 729 characters, 9 per cell", (".sukaku", ".729"),
                    loads=sukaku.loads_sukaku, dumps=sukaku.dumps_sukaku, pencil=True))
register(FormatSpec("pm", "candidate grid as HoDoKu / Simple Sudoku / Sudoku Explainer print it", (".pm",),
                    loads=sukaku.loads_pm, dumps=sukaku.dumps_pm, pencil=True))
register(FormatSpec("json", "sudokit JSON: {\"puzzle\": ..., \"solution\": ...} (an array for many)", (".json",),
                    loads=jsonfmt.loads_json, dumps=jsonfmt.dumps_json, pencil=True,
                    read_records=jsonfmt.read_json, writer=jsonfmt.JsonArrayWriter))
register(FormatSpec("leetcode", "LeetCode 37 board: 9 JSON lists of 9 strings", (".leetcode",),
                    loads=jsonfmt.loads_leetcode, dumps=jsonfmt.dumps_leetcode))
register(FormatSpec("ipuz", "ipuz Sudoku (http://ipuz.org/sudoku#1)", (".ipuz",),
                    loads=jsonfmt.loads_ipuz, dumps=jsonfmt.dumps_ipuz, dumps_record=jsonfmt.dumps_ipuz_record,
                    read_records=jsonfmt.read_ipuz))
