# quark-ptq: can this Python load a Quark export for the evaluation? Run at step 3 (prepare) in
# the interpreter that will evaluate, so that a Python that cannot load the export is found
# before the run, not after it. transformers itself is asked: its QuarkConfig imports what
# loading a Quark checkpoint needs from the installed Quark (an older Quark lacks names it
# imports), so the config is built with a placeholder method and an ImportError is the answer;
# any other exception means the imports passed. Prints one JSON object on stdout.
import json
import sys


def main():
    out = {"probe": "quark-ptq-eval-ready", "ready": False, "why": "", "transformers": None, "quark": None}
    try:
        import torch  # noqa: F401
    except Exception as e:  # the evaluator needs torch first of all
        out["why"] = "torch cannot be imported: %s: %s" % (type(e).__name__, e)
        return out
    try:
        import transformers
        out["transformers"] = transformers.__version__
        from transformers.utils.quantization_config import QuarkConfig
    except Exception as e:
        out["why"] = "transformers cannot be imported: %s: %s" % (type(e).__name__, e)
        out["reason"], out["error"] = "transformers_import", "%s: %s" % (type(e).__name__, e)
        return out
    try:
        import quark
        out["quark"] = getattr(quark, "__version__", None)
    except Exception as e:
        out["why"] = "amd-quark cannot be imported: %s: %s" % (type(e).__name__, e)
        out["reason"], out["error"] = "quark_import", "%s: %s" % (type(e).__name__, e)
        return out
    try:
        QuarkConfig(quant_method="quark")
    except ImportError as e:
        out["why"] = "transformers %s cannot load a Quark export with amd-quark %s: %s" % (out["transformers"], out["quark"], e)
        out["reason"], out["error"] = "cannot_load", str(e)
        return out
    except Exception:
        pass  # the imports passed; the placeholder arguments are not a checkpoint's
    out["ready"] = True
    return out


if __name__ == "__main__":
    sys.stdout.write(json.dumps(main()) + "\n")
