

def test_an_element_type_read_past_dtype_keeps_the_backend_parameter():
    """`B::FloatElem::MAX` is no rule's to rewrite (backend-elem-type maps the element type in
    types and in `B::FloatElem::dtype()` only): the parameter's use is left over."""
    from burnmigrate.rust.param_uses import param_uses
    from burnmigrate.rust.syntax import parse
    src = b"fn f<B: Backend>() -> (f64, DType) { (B::FloatElem::MAX.elem(), B::FloatElem::dtype()) }"
    fn = parse(src).root_node.named_children[0]
    own = fn.child_by_field_name("type_parameters")
    assert param_uses(fn, "B", own) == [("member", "FloatElem", "`B::FloatElem::MAX`")]
