cat > run_manifest.yaml <<'YAML'
artifact: run_manifest
schema_version: 1
workflow: quark-torch-ptq
inputs: {model: "/models/a b"}
outputs: {output_dir: /out}
steps:
  - {name: analyze, kind: analyze, produces: [model_analysis.json]}
  - {name: run, kind: execute}
YAML
quark-ptq --json validate run_manifest.yaml
