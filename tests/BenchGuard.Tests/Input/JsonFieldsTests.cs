using System.Text.Json;
using BenchGuard.Input;

namespace BenchGuard.Tests.Input;

/// <summary>
/// The strict field reads every BenchmarkDotNet export goes through: absent or null is "not given", a value of the
/// right kind within its bounds (bounds included) is read as it is, and anything else is bad input that names the
/// file and the field's place.
/// </summary>
public sealed class JsonFieldsTests
{
    [Theory]
    [InlineData("{}")]
    [InlineData("""{"v":null}""")]
    public void AbsentOrNullIsNotGiven(string json)
    {
        var fields = Fields(json);

        Assert.Null(fields.String("v"));
        Assert.Null(fields.Number("v"));
        Assert.Null(fields.NumberOrNotFinite("v"));
        Assert.Null(fields.Integer("v"));
        Assert.Null(fields.Object("v"));
        Assert.Null(fields.Array("v"));
        Assert.Empty(fields.Objects("v"));
        Assert.Empty(fields.Numbers("v"));
    }

    [Fact]
    public void ValuesOfTheRightKindAreReadAsTheyAre()
    {
        var fields = Fields("""{"s":"text","d":-2.5,"i":-7,"o":{"x":1},"a":[1,2],"os":[{"x":1},{"x":2}],"ns":[0.5,3]}""");

        Assert.Equal("text", fields.String("s"));
        Assert.Equal(-2.5, fields.Number("d"));
        Assert.Equal(-2.5, fields.NumberOrNotFinite("d"));
        Assert.Equal(-7, fields.Integer("i"));
        Assert.Equal(1, fields.Object("o")!.Value.Integer("x"));
        Assert.Equal(2, fields.Array("a")!.Value.GetArrayLength());
        Assert.Equal([1L, 2L], fields.Objects("os").Select(o => o.Integer("x")!.Value));
        Assert.Equal([0.5, 3.0], fields.Numbers("ns"));
    }

    [Theory]
    [InlineData("\"\"")]
    [InlineData("\"NaN\"")]
    [InlineData("\"Infinity\"")]
    [InlineData("\"-Infinity\"")]
    public void BenchmarkDotNetsTextsForNotFiniteAreNotGiven(string value) =>
        Assert.Null(Fields($$"""{"v":{{value}}}""").NumberOrNotFinite("v"));

    [Theory]
    [InlineData("\"12\"")]
    [InlineData("\"nan\"")]
    [InlineData("true")]
    public void AnyOtherTextOrKindIsNotANumber(string value) =>
        AssertRefused(() => Fields($$"""{"v":{{value}}}""").NumberOrNotFinite("v"), "v");

    // The lower bound is included: a time of 0 or a count of exactly the minimum is data.
    [Theory]
    [InlineData("0", true)]
    [InlineData("-0.000001", false)]
    [InlineData("1e400", false)]
    [InlineData("\"1\"", false)]
    public void ANumbersLowerBoundIsIncluded(string value, bool accepted) =>
        AssertReadOrRefused(accepted, 0.0, () => Field(value).Number("v", min: 0), "v");

    [Theory]
    [InlineData("1", true)]
    [InlineData("0", false)]
    [InlineData("1.5", false)]
    [InlineData("9223372036854775808", false)]
    [InlineData("\"2\"", false)]
    public void AnIntegerIsWholeWithinItsLowerBound(string value, bool accepted) =>
        AssertReadOrRefused(accepted, 1L, () => Field(value).Integer("v", min: 1), "v");

    [Fact]
    public void AnIntegerWithoutABoundTakesTheWholeRange() =>
        Assert.Equal(long.MinValue, Fields("""{"v":-9223372036854775808}""").Integer("v"));

    [Theory]
    [InlineData("[0, 10]", true)]
    [InlineData("[-1, 5]", false)]
    [InlineData("[5, 10.5]", false)]
    [InlineData("[5, 1e400]", false)]
    [InlineData("[5, \"6\"]", false)]
    [InlineData("[5, null]", false)]
    public void NumbersAreBoundedOnBothSidesBoundsIncluded(string value, bool accepted) =>
        AssertReadOrRefused(accepted, "0 10", () => string.Join(' ', Field(value).Numbers("v", 0, 10)), "v[");

    [Theory]
    [InlineData("s", "5")]
    [InlineData("o", "[]")]
    [InlineData("a", "{}")]
    public void AValueOfTheWrongKindIsRefused(string name, string value)
    {
        var fields = Fields($$"""{"{{name}}":{{value}}}""");

        AssertRefused(() => name switch { "s" => fields.String(name), "o" => fields.Object(name), _ => (object?)fields.Array(name) }, name);
    }

    [Fact]
    public void AnItemThatIsNotAnObjectIsRefusedWithItsIndex()
    {
        var fields = Fields("""{"items":[{"x":1},2]}""");

        var error = Assert.Throws<InputException>(() => fields.Objects("items").ToList());
        Assert.Contains("items[1]", error.Message, StringComparison.Ordinal);
    }

    // What a message names: the file, then the place of the object (nested objects and items add to it), then the field.
    [Fact]
    public void AProblemNamesTheFileAndThePlaceOfTheField()
    {
        var fields = Fields("""{"outer":{"items":[{"n":"x"}]}}""");

        var item = fields.Object("outer")!.Value.Objects("items").Single();
        var error = Assert.Throws<InputException>(() => item.Integer("n"));

        Assert.StartsWith("export.json: Root.outer.items[0]: n ", error.Message, StringComparison.Ordinal);
    }

    // An object whose one field "v" holds the JSON text given.
    private static JsonFields Field(string value) => Fields($$"""{"v":{{value}}}""");

    private static void AssertReadOrRefused<T>(bool accepted, T expected, Func<T> read, string field)
    {
        if (accepted)
        {
            Assert.Equal(expected, read());
        }
        else
        {
            AssertRefused(() => read(), field);
        }
    }

    private static JsonFields Fields(string json) => new("export.json", "Root", JsonDocument.Parse(json).RootElement.Clone());

    private static void AssertRefused(Func<object?> read, string field)
    {
        var error = Assert.Throws<InputException>(read);
        Assert.StartsWith($"export.json: Root: {field}", error.Message, StringComparison.Ordinal);
    }
}
