

def test_an_element_type_read_past_dtype_keeps_the_backend_parameter():
    """`B::FloatElem::MAX` is no rule's to rewrite (backend-elem-type maps the element type in
    types and in `B::FloatElem::dtype()` only): the parameter's use is left over."""
    from burnmigrate.rust.param_uses import param_uses
    from burnmigrate.rust.syntax import parse
    src = b"fn f<B: Backend>() -> (f64, DType) { (B::FloatElem::MAX.elem(), B::FloatElem::dtype()) }"
    fn = parse(src).root_node.named_children[0]
    own = fn.child_by_field_name("type_parameters")
    assert param_uses(fn, "B", own) == [("member", "FloatElem", "`B::FloatElem::MAX`", "")]


def test_a_where_clause_of_an_inner_fn_is_a_use_of_the_items_parameter():
    """`impl<B: Backend> Gpt<B> { fn q(self) where B: Quantize {..} }`: the impl's own where
    clause goes with the parameter, the method's does not: it strands `q` (tagged with its name:
    the impl is erased and `q` gets backend-extension's finding), where a use in a method's
    signature or body keeps the impl (no tag)."""
    from burnmigrate.rust.param_uses import param_uses
    from burnmigrate.rust.syntax import parse
    src = b"impl<B: Backend> Gpt<B> where B: Clone { fn q(self) where B: Quantize { } }"
    impl = parse(src).root_node.named_children[0]
    own = impl.child_by_field_name("type_parameters")
    assert param_uses(impl, "B", own) == [("generic", "Gpt", "`Gpt<B>`", ""), ("bare", "", "`where B: Quantize`", "q")]
    src = b"impl<B: Backend> Gpt<B> { fn q(self, b: B) { let v: Vec<B> = vec![]; } }"
    impl = parse(src).root_node.named_children[0]
    uses = param_uses(impl, "B", impl.child_by_field_name("type_parameters"))
    assert [u[3] for u in uses] == ["", "", ""] and [u[0] for u in uses] == ["generic", "bare", "generic"]
