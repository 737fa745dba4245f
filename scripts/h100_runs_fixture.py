# Builds tests/fixtures/envprobe/measured/h100-runs.json from the H100 run manifests of
# scripts/device/estimate-h100.sh (tests/fixtures/quark/0.13/h100/runs) and the 0.1 s host
# samples of scripts/device/fine-rss-h100.sh (tests/fixtures/quark/0.13/h100/fine-rss).
import glob, json, os, sys
import yaml
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plan_group import plan_group  # noqa: E402
root = 'tests/fixtures/quark/0.13/h100/'
runs = []
for d in sorted(glob.glob(root + 'runs/*/')):
    man, plan, analysis = d + 'run_manifest.yaml', d + 'quant_plan.json', d + 'model_analysis.json'
    m = yaml.safe_load(open(man))
    r, est, env = m['run'], m['estimate'], m['environment']
    ph = r['phases']
    runs.append({'run': d.split('/')[-2], 'dir': d.rstrip('/'), 'plan_group': plan_group(man, plan, analysis),
                 'gpu_total_gib': env['accelerator']['devices'][0]['memory_total_gib'],
                 'gpu_free_gib': env['accelerator']['devices'][0]['memory_free_gib'], 'cpu_count': env['system']['cpu_count'],
                 'measured': {'quark_cli_seconds': ph['quark_cli'], 'after_quark_cli_seconds': round(ph.get('hash_tail', 0) + ph.get('verify', 0), 3),
                              'gpu_own_mib': r['peak']['gpu_own_mib'], 'host_peak_mib': r['peak']['host_memory_mib'],
                              'host_sampling': 'monitor_2s'},
                 'estimated_at_run': {'step4_seconds': est['time']['quark_cli_seconds'] + est['time']['verify_seconds'],
                                      'gpu_memory_gib': est['gpu_memory_gib'], 'host_memory_gib': est['host_memory_gib']}})
fine = []
for i in (1, 2):
    peak = float(open(root + 'fine-rss/rss-%d.txt' % i).read().split('peak ')[1])
    base = next(x for x in runs if x['run'] == 'mixtral_4l_fp8')
    fine.append({'run': 'mixtral_4l_fp8_bare_fine_rss_%d' % i, 'dir': base['dir'], 'plan_group': base['plan_group'],
                 'gpu_total_gib': base['gpu_total_gib'], 'gpu_free_gib': base['gpu_free_gib'], 'cpu_count': base['cpu_count'],
                 'measured': {'host_peak_mib': peak, 'host_sampling': 'psutil_0.1s'}})
doc = {'description': 'H100 runs through quark-ptq (quark-cli 0.13, 2026-12-06, scripts/device/estimate-h100.sh): per run the plan group (scripts/plan_group.py), the machine prepare probed, what the run manifest measured (run.phases quark_cli and hash_tail + verify; run.peak gpu_own_mib and host_memory_mib, sampled every 2 s by the run monitor) and what prepare estimated then. fine_rss: the same Mixtral 4-layer fp8 argv run bare by quark-cli on a second H100 with the process tree\'s RSS sampled every 0.1 s (scripts/device/fine-rss-h100.sh): the 2 s monitor saw 7.8-8.4 GiB, the 0.1 s samples 14.2 GiB (the export holds the 5.9 GiB shard twice for under a second, and the 11 GiB load phase lasted 1.7 s). Used by EstimateCalibration.TheH100Runs.',
       'runs': runs, 'fine_rss': fine}
json.dump(doc, open('tests/fixtures/envprobe/measured/h100-runs.json', 'w'), indent=1)
print(len(runs), 'runs,', len(fine), 'fine')
