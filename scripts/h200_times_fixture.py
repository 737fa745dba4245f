# Builds tests/fixtures/envprobe/measured/h200-times.json from the H200 run manifests (facts).
import yaml, glob, json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plan_group import plan_group, shared_machine  # noqa: E402
root = 'tests/fixtures/quark/0.13/'
runs, skipped = [], []
def add(name, manifest, plan, analysis):
    m = yaml.safe_load(open(manifest))
    r = m.get('run') or {}
    if r.get('exit_code') != 0 or r.get('seconds') is None:
        skipped.append({'run': name, 'manifest': manifest, 'reason': 'quark-cli did not finish (exit %s)' % r.get('exit_code')}); return
    if not (os.path.exists(plan) and os.path.exists(analysis)):
        skipped.append({'run': name, 'manifest': manifest, 'reason': 'no model_analysis.json recorded beside the run, so its estimate cannot be recomputed'}); return
    ph = r.get('phases')
    ver = m.get('result') or {}
    if ph:
        cli = ph['quark_cli']; after = ph.get('hash_tail', 0) + ph.get('verify', 0)
        how = 'run.phases: quark_cli + hash_tail + verify'
    else:
        cli = r['seconds']; after = ver.get('hash_seconds', 0) or 0
        how = 'run.seconds + result.hash_seconds (the whole output hashed after quark-cli)'
    ev = (m.get('evaluation') or {}).get('seconds') or 0
    est = m.get('estimate') or {}
    gpu = est.get('gpu') or {}
    runs.append({'run': name, 'manifest': manifest, 'plan': plan, 'analysis': analysis, 'plan_group': plan_group(manifest, plan, analysis),
                 'measured': {'quark_cli_seconds': round(cli, 3), 'after_quark_cli_seconds': round(after, 3), 'evaluation_seconds': ev, 'how': how},
                 'gpu_free_gib': gpu.get('gpu0_available_gib', 139.29), 'recorded_estimate_minutes': est.get('minutes')})
for d in sorted(x for x in glob.glob(root + "h200-*/runs/*/") if os.path.exists(x + "run_manifest.yaml")):
    add(d.split('/')[-4] + '/' + d.split('/')[-2], d + 'run_manifest.yaml', d + 'quant_plan.json', d + 'model_analysis.json')
s = root + 'h200-abba/session10/'
for case in ['llama8b_fp8', 'moe_fp8']:
    for b in ['B-2', 'B-3']:
        add('h200-abba/session10/%s-%s' % (case, b), s + '%s-run_manifest-%s.yaml' % (case, b), s + case + '-quant_plan.json', s + case + '-model_analysis.json')
# Every recorded run (the superseded ones too) can have shared the machine with a fixture run.
others = [('other/' + f, f) for f in glob.glob(root + 'h200-*/**/run_manifest.yaml', recursive=True)]
shared = shared_machine([(r['run'], r['manifest']) for r in runs] + others)
for r in runs:
    r['shared_machine_with'] = sorted({o.split('/')[-2] if o.startswith('other/') else o.split('/')[-1] for o in shared[r['run']]} - {r['run'].split('/')[-1]})
doc = {'description': 'Measured step-4 seconds of the H200 runs through quark-ptq (quark-cli 0.13) beside the files the estimate is recomputed from; built by hand from each run manifest (run.phases where recorded, else run.seconds + result.hash_seconds; + evaluation.seconds when quark-ptq evaluated). Used by EstimateCalibration.Step4WithinTwentyPercentOfTheMeasuredH200Runs. plan_group: runs of the same plan (scripts/plan_group.py), compared by their median; shared_machine_with: the recorded runs whose quark-cli ran at the same time as this one (from the run.started_at and finished_at of the manifests): such a run is no time measurement of its plan and is left out of the time check (its peaks are per process and still count).',
       'runs': runs, 'not_recomputed': skipped}
json.dump(doc, open('tests/fixtures/envprobe/measured/h200-times.json', 'w'), indent=1)
print(len(runs), 'runs;', len(skipped), 'skipped')
for x in skipped: print(x)
