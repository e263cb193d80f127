using BenchGuard.Input;

namespace BenchGuard.Tests.Input;

/// <summary>
/// What the deserializer lets through and the shape check refuses, each named by its JSON path: a number that is
/// not finite anywhere in the document, a null item in a list whose items may not be null, a null inside a list of
/// lists. Everything else passes.
/// </summary>
public sealed class ShapeCheckTests
{
    [Fact]
    public void AWellFormedDocumentPasses() =>
        ShapeCheck.Check("f.json", Good());

    [Fact]
    public void ANumberThatIsNotFiniteIsRefusedWhereverItIs()
    {
        AssertRefusedAt("$.ratio", Good() with { Ratio = double.PositiveInfinity });
        AssertRefusedAt("$.child.value", Good() with { Child = new Child("c", double.NaN) });
        AssertRefusedAt("$.children[1].value", Good() with { Children = [new Child("a", 1), new Child("b", double.NegativeInfinity)] });
        AssertRefusedAt("$.launches[0][2]", Good() with { Launches = [[1, 2, double.NaN]] });
    }

    [Fact]
    public void ANullItemIsRefusedOnlyWhereTheItemTypeForbidsIt()
    {
        AssertRefusedAt("$.children[1]", Good() with { Children = [new Child("a", 1), null!] });
        AssertRefusedAt("$.launches[1]", Good() with { Launches = [[1], null!] });
        AssertRefusedAt("$.launches[1][1]", Good() with { Launches = [[1, 2], [1, null]] });
        ShapeCheck.Check("f.json", Good() with { Notes = ["x", null, "y"] });
    }

    [Fact]
    public void ANullPropertyIsLeftToTheDeserializer() =>
        ShapeCheck.Check("f.json", Good() with { Child = null! });

    private static Doc Good() => new(1.5, new Child("c", 2), [new Child("a", 1)], [[1, 2], [3]], ["n"]);

    private static void AssertRefusedAt(string path, Doc document)
    {
        var error = Assert.Throws<InputException>(() => ShapeCheck.Check("f.json", document));
        Assert.StartsWith($"f.json: {path} ", error.Message, StringComparison.Ordinal);
    }

    /// <summary>A document with every shape the check walks.</summary>
    public sealed record Doc(double Ratio, Child Child, List<Child> Children, List<List<double?>> Launches, List<string?> Notes);

    /// <summary>A nested object.</summary>
    public sealed record Child(string Name, double Value);

}
