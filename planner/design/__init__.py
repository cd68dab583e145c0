"""From a workload to a build: a build described by a few choices (:mod:`.model`), turned
into a complete plan (:mod:`.generate`), reference designs built from it
(:mod:`.templates`), and the search that ranks candidate builds for a workload and its
constraints (:mod:`.search`). Qt-free; the app's wizard and `rackwright plan-for` /
`rackwright new --template` call the same functions."""
