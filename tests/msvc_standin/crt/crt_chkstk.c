// __chkstk: called before a frame larger than a page is allocated (RAX = its size). It touches
// every page from the current stack pointer down, in order, so the guard page grows the stack
// (or raises a stack overflow) instead of being jumped over. Keeps every register but R10/R11;
// this one even keeps those.
__asm__(
    "    .text\n"
    "    .globl __chkstk\n"
    "__chkstk:\n"
    "    pushq %rcx\n"
    "    pushq %rax\n"
    "    leaq 24(%rsp), %rcx\n" // the caller's stack pointer (two pushes and the return address)
    "1:  cmpq $0x1000, %rax\n"
    "    jb 2f\n"
    "    subq $0x1000, %rcx\n"
    "    orq $0, (%rcx)\n"
    "    subq $0x1000, %rax\n"
    "    jmp 1b\n"
    "2:  subq %rax, %rcx\n"
    "    orq $0, (%rcx)\n"
    "    popq %rax\n"
    "    popq %rcx\n"
    "    ret\n");
