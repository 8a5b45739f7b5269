/* line_last is 0 for a block that ends in a call, although gcov attaches
   the block's branches to the call's line: gcov splits a block after a
   call that may not return only when the call is not the block's last
   statement (tree-cfg.cc, gimple_flow_call_edges_add: "if (stmt !=
   last_stmt) split_block"); a call that ends the block gets its fake edge
   to the exit from the block itself, whose lines stay those before and of
   the call.  (Since cab6a5a, plugin/notes.cc block_lines resets line_last
   after every call gcov_splits_after accepts, the last one included.)

     g++ -O0 --coverage -fplugin=build/pathprof.so -c line-last-call-ends-block.cc
     g++ --coverage line-last-call-ends-block.o -Lbuild -lpathprof -o t; ./t
     grep -A14 'function "_Z1fi"' line-last-call-ends-block.ppno | grep 'block 2 '
     gcov -b -j --stdout line-last-call-ends-block.gcno

   Expected: `block 2 2 "line-last-call-ends-block.cc" 31 31 31` -- the
   block of `g (i);` (successors: the fall-through and the EH edge to the
   handler) has its branches on line 31, where gcov puts them: line 31,
   branches [2, 1 (throw)].
   Actual: `block 2 2 "line-last-call-ends-block.cc" 31 31 0`.
   tests/gcov (make check-gcov) fails on eh.cc and noncall-eh.cc because
   of it ("function _Z1hi: branch counts: pathprof [], gcov [0, 1]").  */
#include <stdexcept>

__attribute__((noinline)) void g (int i) { if (i == 2) throw std::runtime_error ("x"); }

int
f (int i)
{
  try
    {
      g (i);
    }
  catch (...)
    {
      return 1;
    }
  return 0;
}

int main () { return f (1) + f (2) + f (3); }
