// Can the run download a Hub dataset from this machine? Asked of the Hub's API for that very
// dataset (HF_ENDPOINT, HF_TOKEN and the proxy variables, as the datasets library will use them),
// with a short deadline: prepare must answer in seconds, and a host with no route to the Hub
// (a compute node, an air-gapped server) has to be told before approval, not after a run has
// spent its first minute retrying.
#pragma once

#include "envprobe/data_readiness.h"
#include "envprobe/python_env.h"

namespace manifest {

envprobe::DatasetReachable hub_dataset_reachability(const envprobe::EnvGetter& getenv);

}  // namespace manifest
