//~ Game build exports: the bodies behind win32/reload/win32_game_exports.h

internal b32 Win32ModuleImageRange(HMODULE module, win32_image_range *range)
{
    u8 *base = (u8 *)module;
    range->base = base;
    range->size = 0;
    IMAGE_DOS_HEADER *dosHeader = (IMAGE_DOS_HEADER *)base;
    if (dosHeader->e_magic != IMAGE_DOS_SIGNATURE || dosHeader->e_lfanew <= 0 || dosHeader->e_lfanew > 4096)
        return 0;
    IMAGE_NT_HEADERS *ntHeaders = (IMAGE_NT_HEADERS *)(base + dosHeader->e_lfanew);
    if (ntHeaders->Signature != IMAGE_NT_SIGNATURE) return 0;
    range->size = ntHeaders->OptionalHeader.SizeOfImage;
    return range->size != 0;
}

internal b32 Win32InImage(win32_image_range image, const void *address, u64 size)
{
    u64 at = (u64)address;
    u64 base = (u64)image.base;
    return at >= base && at - base <= image.size && size <= image.size - (at - base);
}

// A name exported as data: inside the image and terminated within maxLength bytes.
internal b32 Win32ValidExportedName(win32_image_range image, const char *name, u32 maxLength)
{
    if (!Win32InImage(image, name, 1)) return 0;
    u64 available = image.size - ((u64)name - (u64)image.base);
    u64 limit = Minimum((u64)maxLength, available);
    for (u64 at = 0; at < limit; ++at)
        if (name[at] == 0) return 1;
    return 0;
}

internal b32 Win32ValidateStateLayoutExport(win32_image_range image, const game_state_layout *layout,
                                            char *error, umm errorSize)
{
    if (!layout) return 1;
    if (!Win32InImage(image, layout, sizeof(*layout)))
    {
        FormatText(error, errorSize, "the layout itself lies outside the DLL (%p)", (const void *)layout);
        return 0;
    }
    u32 fieldCount = layout->fieldCount;
    const game_layout_field *fields = layout->fields;
    if (fieldCount > STATE_LAYOUT_MAX_FIELDS)
    {
        FormatText(error, errorSize, "layout has %u fields (at most %u)", fieldCount, (u32)STATE_LAYOUT_MAX_FIELDS);
        return 0;
    }
    if (fieldCount && !Win32InImage(image, fields, (u64)fieldCount * sizeof(game_layout_field)))
    {
        FormatText(error, errorSize, "its %u fields at %p lie outside the DLL", fieldCount, (const void *)fields);
        return 0;
    }
    for (u32 fieldIndex = 0; fieldIndex < fieldCount; ++fieldIndex)
    {
        const game_layout_field *field = fields + fieldIndex;
        if (!Win32ValidExportedName(image, field->structName, STATE_LAYOUT_MAX_NAME))
        {
            FormatText(error, errorSize, "field %u: structName (%p) is outside the DLL, unterminated or longer than %u "
                     "bytes", fieldIndex, (const void *)field->structName, (u32)STATE_LAYOUT_MAX_NAME - 1);
            return 0;
        }
        if (!Win32ValidExportedName(image, field->fieldName, STATE_LAYOUT_MAX_NAME))
        {
            FormatText(error, errorSize, "field %u: fieldName (%p) is outside the DLL, unterminated or longer than %u "
                     "bytes", fieldIndex, (const void *)field->fieldName, (u32)STATE_LAYOUT_MAX_NAME - 1);
            return 0;
        }
        if (!Win32ValidExportedName(image, field->typeName, STATE_LAYOUT_MAX_NAME))
        {
            FormatText(error, errorSize, "field %u: typeName (%p) is outside the DLL, unterminated or longer than %u "
                     "bytes", fieldIndex, (const void *)field->typeName, (u32)STATE_LAYOUT_MAX_NAME - 1);
            return 0;
        }
    }
    return 1;
}

internal void Win32CallContractVersion(void *data)
{
    win32_contract_call *call = (win32_contract_call *)data;
    call->result = call->function();
}

internal void Win32CallCopyLayout(void *data)
{
    win32_layout_copy *copy = (win32_layout_copy *)data;
    copy->result = Win32ValidateStateLayoutExport(copy->image, copy->source, copy->error, copy->errorSize) &&
                   CopyStateLayout(copy->destination, copy->source, copy->error, copy->errorSize);
}

internal void Win32DescribeCrashReport(win32_crash_report *report, char *text, umm textSize)
{
    if (report->returnAddress)
    {
        char caller[300];
        Win32NameCodeAddress((u64)report->returnAddress, caller, sizeof(caller));
        FormatText(text, textSize, "%s at address 0x%llx (a call through a null pointer) from %s",
                 Win32ExceptionName(report->code), (unsigned long long)(u64)report->address, caller);
        return;
    }
    char where[300];
    Win32NameCodeAddress((u64)report->address, where, sizeof(where));
    FormatText(text, textSize, "%s at %s", Win32ExceptionName(report->code), where);
}

internal b32 Win32CheckGameExports(HMODULE module, void *const *functions, const char *const *functionNames,
                                   u32 functionCount, game_get_contract_version *contractVersion,
                                   const game_state_layout *layout, state_layout *layoutCopy,
                                   char *reason, umm reasonSize)
{
    win32_image_range image;
    if (!Win32ModuleImageRange(module, &image))
    {
        FormatText(reason, reasonSize, "its PE headers are malformed");
        return 0;
    }
    for (u32 functionIndex = 0; functionIndex < functionCount; ++functionIndex)
    {
        if (!Win32InImage(image, functions[functionIndex], 1))
        {
            FormatText(reason, reasonSize, "export %s points outside the DLL's image (%p)", functionNames[functionIndex],
                     functions[functionIndex]);
            return 0;
        }
    }

    win32_contract_call contract = {contractVersion, 0};
    win32_crash_report report;
    if (!Win32GuardedCallReporting(Win32CallContractVersion, &contract, &report))
    {
        char what[360];
        Win32DescribeCrashReport(&report, what, sizeof(what));
        FormatText(reason, reasonSize, "gameGetContractVersion failed: %s", what);
        return 0;
    }
    if (contract.result != GAME_CONTRACT_VERSION)
    {
        FormatText(reason, reasonSize, "it was built against contract version %u but this exe speaks %u; rebuild "
                 "both (build.bat)", contract.result, (u32)GAME_CONTRACT_VERSION);
        return 0;
    }

    char layoutError[200] = "";
    win32_layout_copy copy = {image, layoutCopy, layout, layoutError, sizeof(layoutError), 0};
    if (!Win32GuardedCallReporting(Win32CallCopyLayout, &copy, &report))
    {
        char what[360];
        Win32DescribeCrashReport(&report, what, sizeof(what));
        memset(layoutCopy, 0, sizeof(*layoutCopy));
        FormatText(reason, reasonSize, "reading its %s failed: %s", GAME_STATE_LAYOUT_EXPORT_NAME, what);
        return 0;
    }
    if (!copy.result)
    {
        FormatText(reason, reasonSize, "it exports a malformed %s: %s", GAME_STATE_LAYOUT_EXPORT_NAME, layoutError);
        return 0;
    }
    return 1;
}
