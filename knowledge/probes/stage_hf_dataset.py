#!/usr/bin/env python3
"""Stage a local text corpus in the Hugging Face `datasets` cache so that, with no network,

    datasets.load_dataset("mit-han-lab/pile-val-backup", split="validation")          # --dataset pileval
    datasets.load_dataset("Salesforce/wikitext", "wikitext-2-raw-v1", split="test")   # evaluation
    datasets.load_dataset("Salesforce/wikitext", "wikitext-2-raw-v1", split="train")  # --dataset wikitext

return the corpus (column `text`), under HF_HUB_OFFLINE=1 / HF_DATASETS_OFFLINE=1.

Usage:
    python3 knowledge/probes/stage_hf_dataset.py CORPUS [--cache-dir DIR] [--which pileval,wikitext] [--check]

CORPUS is a .txt file (one record per line), a .jsonl file with a "text" field per line, or a
.parquet file with a "text" column.
--cache-dir defaults to $HF_DATASETS_CACHE, else $HF_HOME/datasets, else ~/.cache/huggingface/datasets
(the directory `datasets` reads as HF_DATASETS_CACHE). Staging is idempotent: an existing staged
entry for the same corpus bytes is kept; a different corpus replaces it.

How it works (datasets 4.x/5.x, read from datasets/load.py and packaged_modules/cache/cache.py):
with HF_HUB_OFFLINE=1 `dataset_module_factory` raises OfflineModeIsEnabled before touching the Hub
cache (the hub snapshot cache under hub/datasets--*/ is NOT consulted for dataset repos), then falls
back to CachedDatasetModuleFactory, which globs
    <HF_DATASETS_CACHE>/<namespace>___<name>/<config_name>/<version>/<hash>/
and the `cache` builder reads dataset_info.json (its "config_name" must equal the <config_name>
directory) and the Arrow stream files <name>-<split>.arrow in that folder. This script writes
exactly that with the library's own Json builder (dataset_name/repo_id/config_name set to the
Hub ids), so the files are what a real online load would have left behind.
"""
import argparse
import hashlib
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

TARGETS = {
    # key: (repo_id, config_name, splits)
    "pileval": ("mit-han-lab/pile-val-backup", "default", ["validation"]),
    "wikitext": ("Salesforce/wikitext", "wikitext-2-raw-v1", ["train", "validation", "test"]),
}


def default_cache_dir() -> Path:
    if os.environ.get("HF_DATASETS_CACHE"):
        return Path(os.environ["HF_DATASETS_CACHE"]).expanduser()
    hf_home = os.environ.get("HF_HOME") or os.path.join(
        os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "huggingface"
    )
    return Path(hf_home).expanduser() / "datasets"


def read_corpus(path: Path) -> list:
    lines = []
    if path.suffix == ".parquet":
        import pyarrow.parquet as pq  # a dependency of `datasets`

        table = pq.read_table(str(path))
        if "text" not in table.column_names:
            raise SystemExit(f"stage-hf-dataset: {path} has no 'text' column (columns: {', '.join(table.column_names)})")
        lines = [str(v) for v in table.column("text").to_pylist() if v is not None]
    elif path.suffix == ".jsonl":
        for raw in path.read_text(encoding="utf-8").splitlines():
            if raw.strip():
                lines.append(str(json.loads(raw)["text"]))
    else:
        lines = path.read_text(encoding="utf-8").splitlines()
    if not lines:
        raise SystemExit(f"stage-hf-dataset: {path} holds no records")
    return lines


def stage_one(cache_dir: Path, repo_id: str, config_name: str, splits: list, jsonl: Path, digest: str) -> Path:
    from datasets.packaged_modules.json.json import Json
    from datasets.naming import camelcase_to_snakecase

    namespace, name = repo_id.split("/")
    root = cache_dir / f"{namespace}___{camelcase_to_snakecase(name)}" / config_name
    stamp_name = ".quark-ptq-stage.json"
    # idempotence: same corpus digest already staged -> keep
    for info in root.glob(f"*/*/{stamp_name}"):
        try:
            if json.loads(info.read_text())["sha256"] == digest:
                return info.parent
        except (OSError, ValueError, KeyError):
            pass
    if root.exists():
        shutil.rmtree(root)
    # The builder refuses local data_files together with repo_id (it checks they live in the Hub
    # repo), so build under a scratch cache with the same dataset_name/config_name, then move the
    # <version>/<hash> folder under <namespace>___<name>/<config_name>/ where the offline loader looks.
    with tempfile.TemporaryDirectory(dir=str(cache_dir)) as scratch:
        builder = Json(
            cache_dir=scratch,
            dataset_name=name,
            config_name=config_name,
            hash=digest[:16],
            data_files={split: str(jsonl) for split in splits},
        )
        builder.download_and_prepare()
        built = Path(builder.cache_dir)
        out = root / built.parent.name / built.name
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(built), str(out))
    (out / stamp_name).write_text(json.dumps({"sha256": digest, "repo_id": repo_id, "config_name": config_name}))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus", type=Path)
    ap.add_argument("--cache-dir", type=Path, default=None)
    ap.add_argument("--which", default="pileval,wikitext", help="comma list of: " + ",".join(TARGETS))
    ap.add_argument("--check", action="store_true", help="reload each staged split offline and print row counts")
    args = ap.parse_args()

    cache_dir = (args.cache_dir or default_cache_dir()).resolve()
    cache_dir.mkdir(parents=True, exist_ok=True)
    records = read_corpus(args.corpus)
    digest = hashlib.sha256("\n".join(records).encode("utf-8")).hexdigest()
    result = {"cache_dir": str(cache_dir), "records": len(records), "sha256": digest, "staged": {}}
    with tempfile.TemporaryDirectory() as tmp:
        jsonl = Path(tmp) / "corpus.jsonl"
        with jsonl.open("w", encoding="utf-8") as f:
            for r in records:
                f.write(json.dumps({"text": r}) + "\n")
        for key in [w.strip() for w in args.which.split(",") if w.strip()]:
            if key not in TARGETS:
                raise SystemExit(f"stage-hf-dataset: unknown target {key!r}; known: {', '.join(TARGETS)}")
            repo_id, config_name, splits = TARGETS[key]
            path = stage_one(cache_dir, repo_id, config_name, splits, jsonl, digest)
            result["staged"][key] = {"repo_id": repo_id, "config_name": config_name, "splits": splits, "path": str(path)}

    if args.check:
        os.environ["HF_HUB_OFFLINE"] = "1"
        os.environ["HF_DATASETS_OFFLINE"] = "1"
        import datasets

        datasets.config.HF_HUB_OFFLINE = True
        for key, st in result["staged"].items():
            for split in st["splits"]:
                if st["config_name"] == "default":
                    ds = datasets.load_dataset(st["repo_id"], split=split, cache_dir=str(cache_dir))
                else:
                    ds = datasets.load_dataset(st["repo_id"], st["config_name"], split=split, cache_dir=str(cache_dir))
                st.setdefault("rows", {})[split] = ds.num_rows
                assert ds.column_names == ["text"], ds.column_names
    import datasets

    result["datasets_version"] = datasets.__version__
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
