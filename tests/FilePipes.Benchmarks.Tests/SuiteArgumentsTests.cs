using FilePipes.Benchmarks.Configuration;

namespace FilePipes.Benchmarks.Tests;

public sealed class SuiteArgumentsTests
{
    [Fact]
    public void The_profile_is_taken_out_and_everything_else_passes_through()
    {
        Assert.True(SuiteArguments.TryParse(["--profile", "full", "--filter", "*Read*", "--launchCount", "3"], "/repo/artifacts", out var parsed, out _));
        Assert.Equal(SuiteProfile.Full, parsed.Profile);
        Assert.Equal(["--filter", "*Read*", "--launchCount", "3", "--artifacts", "/repo/artifacts"], parsed.BenchmarkDotNetArguments);
        Assert.False(parsed.CallerChoseJob);
    }

    [Fact]
    public void Without_a_profile_or_filter_it_runs_quick_on_everything()
    {
        Assert.True(SuiteArguments.TryParse([], null, out var parsed, out _));
        Assert.Equal(SuiteProfile.Quick, parsed.Profile);
        Assert.Equal(["--filter", "*"], parsed.BenchmarkDotNetArguments);
        Assert.True(parsed.RunsBenchmarks);
    }

    [Fact]
    public void The_callers_artifacts_folder_and_job_win()
    {
        Assert.True(SuiteArguments.TryParse(["--profile=QUICK", "--job", "dry", "--artifacts", "out"], "/repo/artifacts", out var parsed, out _));
        Assert.Equal(SuiteProfile.Quick, parsed.Profile);
        Assert.True(parsed.CallerChoseJob);
        Assert.Equal(["--job", "dry", "--artifacts", "out", "--filter", "*"], parsed.BenchmarkDotNetArguments);
    }

    [Fact]
    public void Listing_adds_no_filter()
    {
        Assert.True(SuiteArguments.TryParse(["--list", "flat"], null, out var parsed, out _));
        Assert.Equal(["--list", "flat"], parsed.BenchmarkDotNetArguments);
        Assert.False(parsed.RunsBenchmarks);
    }

    [Theory]
    [InlineData("--profile")]
    [InlineData("--profile", "slow")]
    [InlineData("--profile", "1")]
    [InlineData("--profile=")]
    public void A_bad_profile_is_a_one_line_error(params string[] args)
    {
        Assert.False(SuiteArguments.TryParse(args, null, out _, out string? error));
        Assert.Contains("--profile", error);
        Assert.DoesNotContain("\n", error!, StringComparison.Ordinal);
    }
}
