namespace BenchGuard.Tests.Infrastructure;

/// <summary>The benchguard.json of the temporary repositories the A/B tests make: their benchmark project's path.</summary>
internal static class TestConfiguration
{
    /// <summary>The benchmark project, relative to the repository's root, as the temporary repositories lay it out.</summary>
    public const string Project = "benchmarks/FilePipes.Benchmarks/FilePipes.Benchmarks.csproj";

    /// <summary>The file's text: the project, and the slice the repository's own configuration gives.</summary>
    public const string Text = "{\n  \"benchmarkProject\": \"" + Project + "\",\n  \"profiles\": [\"quick\", \"full\"],\n  \"sharedFolders\": { \"FILEPIPES_FIXTURES\": \"artifacts/fixtures\" },\n  \"pullRequest\": { \"filters\": [\"*.FilePipeReader*\", \"*.FilePipeWriter*\"] },\n  \"trials\": { \"slowdownVariable\": \"FILEPIPES_SLOWDOWN\" }\n}\n";
}
