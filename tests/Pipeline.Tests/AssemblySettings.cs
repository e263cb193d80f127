// Each test runs whole workflow jobs (builds and benchmark launches); in parallel on a 2-core machine they would
// only slow each other down and blur what a timeout means.
[assembly: CollectionBehavior(DisableTestParallelization = true)]
