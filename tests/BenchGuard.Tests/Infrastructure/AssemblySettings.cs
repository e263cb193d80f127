// The tests run the real Program.Main in-process and capture Console.Out/Error, which are process-wide.
[assembly: CollectionBehavior(DisableTestParallelization = true)]
