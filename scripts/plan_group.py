# What makes two measured runs "the same plan" for the calibration tests (EstimateCalibration.*):
# the model (type and parameter count), the scheme, the algorithms, the calibration samples and
# length, and the GPU model. The KV-cache scheme is left out: fp8 KV adds output quantizers to
# k_proj and v_proj only, and Llama-3.1-8B fp8 took 82.4 s with it and 81.1 s without on the
# same day (tests/fixtures/quark/0.13/h200-e2e). Runs of one group are compared with the median
# of their times and the largest of their peaks (references/environment.md#resource-estimate).
import datetime
import json

import yaml


def plan_group(manifest, plan, analysis):
    m = yaml.safe_load(open(manifest))
    p = json.load(open(plan))
    a = json.load(open(analysis))
    params = sum(v['parameters'] for v in a['inventory']['by_dtype'].values())
    c = p['calibration']
    gpu = ((m.get('environment') or {}).get('accelerator') or {}).get('devices') or [{}]
    return '%s/%d/%s/%s/%sx%s/%s' % (a['model']['model_type'], params, p['global_scheme'], '+'.join(p.get('algorithms') or []) or 'none',
                                     c.get('num_calib_data'), c.get('seq_len'), gpu[0].get('name', 'NVIDIA H200'))


def interval(manifest):
    r = yaml.safe_load(open(manifest)).get('run') or {}
    ts = [r.get('started_at'), r.get('finished_at')]
    if None in ts:
        return None
    return [t.timestamp() if isinstance(t, datetime.datetime) else datetime.datetime.fromisoformat(str(t).replace('Z', '+00:00')).timestamp()
            for t in ts]


def shared_machine(runs):
    """Per run name, the other runs whose quark-cli ran at the same time (side by side on one machine)."""
    iv = {name: interval(man) for name, man in runs}
    return {n: sorted(o for o, j in iv.items() if o != n and i and j and j[0] < i[1] and j[1] > i[0]) for n, i in iv.items()}
