using System.Collections;
using System.Reflection;

namespace BenchGuard.Input;

/// <summary>
/// Walks a deserialized document and refuses what the deserializer lets through: a null item in a list whose item
/// type allows none (System.Text.Json checks only properties), and numbers that are not finite (1e400 reads as
/// infinity).
/// </summary>
internal static class ShapeCheck
{
    private static readonly NullabilityInfoContext Nullability = new();

    /// <summary>Throws an <see cref="InputException"/> naming the file and the JSON path of the first problem.</summary>
    public static void Check(string file, object document) => Walk(file, "$", document);

    private static void Walk(string file, string where, object value)
    {
        switch (value)
        {
            case string or bool or int or long or Enum:
                return;
            case double d:
                if (!double.IsFinite(d))
                {
                    throw new InputException($"{file}: {where} must be a finite number");
                }

                return;
            case IEnumerable:
                // Lists are walked by their owning property, which knows whether items may be null.
                return;
        }

        foreach (var property in value.GetType().GetProperties(BindingFlags.Public | BindingFlags.Instance))
        {
            if (property.GetIndexParameters().Length > 0)
            {
                continue;
            }

            var item = property.GetValue(value);
            var path = $"{where}.{char.ToLowerInvariant(property.Name[0])}{property.Name[1..]}";
            if (item is null)
            {
                continue; // The deserializer already refused nulls the property's annotation forbids.
            }

            if (item is IEnumerable list and not string)
            {
                var info = Nullability.Create(property);
                var itemNullable = info.GenericTypeArguments.Length == 1 && info.GenericTypeArguments[0].ReadState != NullabilityState.NotNull;
                var i = 0;
                foreach (var element in list)
                {
                    if (element is null)
                    {
                        if (!itemNullable)
                        {
                            throw new InputException($"{file}: {path}[{i}] must not be null");
                        }
                    }
                    else if (element is IEnumerable inner and not string)
                    {
                        WalkNested(file, $"{path}[{i}]", inner);
                    }
                    else
                    {
                        Walk(file, $"{path}[{i}]", element);
                    }

                    i++;
                }

                continue;
            }

            Walk(file, path, item);
        }
    }

    // A list of lists (a baseline's launches): its items are numbers, never null.
    private static void WalkNested(string file, string where, IEnumerable list)
    {
        var i = 0;
        foreach (var element in list)
        {
            if (element is null)
            {
                throw new InputException($"{file}: {where}[{i}] must not be null");
            }

            Walk(file, $"{where}[{i}]", element);
            i++;
        }
    }
}
