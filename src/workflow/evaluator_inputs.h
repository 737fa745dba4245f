// What checkpoint 3 binds of the evaluation beyond the paths the manifest shows: the held-out
// text by its content, and the evaluator's interpreter by the file it resolves to. A text or
// an interpreter swapped after the approval (the workdir and a venv are writable by others)
// is then never used: the run checks again just before the evaluation starts.
#pragma once

#include <string>

#include "artifacts/evaluator.h"
#include "core/result.h"

namespace workflow {

// What is bound of the text at `text` (its SHA-256) and the interpreter `python` (a path, or a
// name found on PATH: the file it resolves to and its SHA-256). Unset where the file cannot be
// read (prepare reports that problem on its own).
artifacts::EvaluatorBound evaluator_inputs(const std::string& python, const std::string& text);

// The manifest's `evaluator` still names the text and interpreter it bound: ExitCode::stale
// "workflow.evaluator_changed" naming what changed (or that the manifest predates the binding).
core::Result<void> check_evaluator_unchanged(const artifacts::Evaluator& evaluator);

}  // namespace workflow
