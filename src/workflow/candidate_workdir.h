// A comparison's candidates each live in a workdir of their own, candidates/NAME inside the
// comparison's, holding the same three artifacts as any workdir, so that every candidate is
// prepared, run, verified, evaluated and reported by the very code a single plan uses. This
// file makes and opens those workdirs; what runs in them is still approved only by the person
// (the comparison's digest binds each candidate's command digest: comparison_record.h).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"
#include "workflow/checkpoint.h"
#include "workflow/workdir.h"

namespace workflow {

// The candidate's workdir. The workdir can be written by others: candidates/ and
// candidates/NAME must be directories of their own, never links (a link would send the
// candidate's artifacts, logs and locks elsewhere). bad_input "comparison.candidate_dir_invalid"
// {path} otherwise, and for a name that is not a candidate name. With `create`, the missing
// directories are made; without it a missing one is bad_input "comparison.candidate_missing".
core::Result<Workdir> candidate_workdir(const Workdir& comparison, const std::string& name, bool create);

// Writes the candidate's analysis (the comparison's own) and plan (its candidate plan), and
// carries the comparison's checkpoints 1 and 2 into it: confirmations bound to exactly these
// documents, via "comparison", with the person's corrections of checkpoint 1. Nothing is
// recorded again that is already the candidate's latest confirmation.
core::Result<void> seed_candidate(const Workdir& candidate, const core::Json& analysis, const core::Json& plan,
                                  const Confirmation& analysis_confirmation, const Confirmation& plan_confirmation);

// Where checkpoint 4 is decided: the workdir itself for a single plan (`candidate` must be
// empty: usage "comparison.candidate_not_comparison"); for a comparison the workdir of the
// candidate the person named (usage "comparison.candidate_needs_name" without one,
// "comparison.candidate_unknown" for a name the comparison does not hold).
core::Result<Workdir> decision_workdir(const Workdir& wd, const std::string& candidate);

// accept --candidate NAME --remove-others: the outputs of the comparison's other candidates,
// removed on the person's word. Only DIR/OTHER, where DIR is the comparison's output directory
// and OTHER another candidate's name, and only when it is a directory of its own (never a
// link) and the candidate's manifest names it as its output. Returns the directories removed;
// bad_input "comparison.remove_failed" {path, error} when one could not be.
core::Result<std::vector<std::filesystem::path>> remove_other_outputs(const Workdir& comparison, const std::string& kept);

}  // namespace workflow
