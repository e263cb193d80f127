using BenchGuard.Comparison;

namespace BenchGuard.Tests;

/// <summary>
/// <c>--filter</c> globs as BenchmarkDotNet reads them: the whole name must match, <c>*</c> is any run of characters,
/// <c>?</c> exactly one, everything else literal and case-insensitive, and a benchmark with parameters also matches
/// by its name without them.
/// </summary>
public sealed class GlobTests
{
    [Fact]
    public void APatternMustMatchTheWholeName()
    {
        var glob = new Glob(["Demo.ReadBenchmarks.Read"]);
        Assert.True(glob.Matches("Demo.ReadBenchmarks.Read"));
        Assert.False(glob.Matches("My.Demo.ReadBenchmarks.Read"));
        Assert.False(glob.Matches("Demo.ReadBenchmarks.ReadAll"));
    }

    [Fact]
    public void AStarIsAnyRunAndAQuestionMarkExactlyOneCharacter()
    {
        var star = new Glob(["Demo.*.Read"]);
        Assert.True(star.Matches("Demo.ReadBenchmarks.Read"));
        Assert.True(star.Matches("Demo..Read"));
        Assert.False(star.Matches("Demo.ReadBenchmarks.Write"));

        var one = new Glob(["Demo.ReadBenchmarks.Rea?"]);
        Assert.True(one.Matches("Demo.ReadBenchmarks.Read"));
        Assert.False(one.Matches("Demo.ReadBenchmarks.Rea"));
        Assert.False(one.Matches("Demo.ReadBenchmarks.Reads"));
    }

    [Fact]
    public void EverythingElseIsLiteralAndCaseInsensitive()
    {
        var glob = new Glob(["demo.readbenchmarks.read(size: 4)"]);
        Assert.True(glob.Matches("Demo.ReadBenchmarks.Read(Size: 4)"));
        Assert.False(glob.Matches("DemoXReadBenchmarks.Read(Size: 4)"));
        Assert.False(glob.Matches("Demo.ReadBenchmarks.Read(Size: 44)"));
    }

    [Fact]
    public void ABenchmarkWithParametersAlsoMatchesByItsNameWithoutThem()
    {
        var glob = new Glob(["*.Read"]);
        Assert.True(glob.Matches("Demo.ReadBenchmarks.Read(Size: 4)"));
        Assert.True(glob.Matches("Demo.ReadBenchmarks.Read(Size: 4, Mode: (a))"));
        Assert.False(glob.Matches("Demo.ReadBenchmarks.ReadAll(Size: 4)"));
        Assert.False(glob.Matches("Demo.ReadBenchmarks.Write(Name: x.Read)"));
    }

    [Fact]
    public void NoPatternsMatchEverythingAndSeveralMatchAnyOfThem()
    {
        Assert.True(new Glob([]).Matches("Demo.Anything(Size: 1)"));

        var either = new Glob(["*.Read", "*.Write"]);
        Assert.True(either.Matches("Demo.B.Read"));
        Assert.True(either.Matches("Demo.B.Write"));
        Assert.False(either.Matches("Demo.B.Seek"));
    }
}
